// The outbox: durable e-mails queued in the writer's transaction, the worker that sends them, templates, secret links.
// Its one public entry (docs/architecture.md rule 9): what other modules, app.ts and the infrastructure may import.
// Its doors (*.rest.ts, *.trpc.ts, *.operations.ts) are mounted by the composition root, not exported here.
export { linkBase, mailSettings } from './outbox.config';
export {
  queueOrderCancelledMail,
  queueOrderDeliveredMail,
  queueOrderPlacedMail,
  queueOrderShippedMail,
  queueReturnStepMail,
} from './order-emails';
export type { ReturnMailFacts } from './templates/return-emails';
export { enqueueMail, mailStates, notifyMailQueued, outboxCounts, type MailState } from './outbox.service';
export { SECRET_LINK, registerSecretLink } from './secret-links';
export { backInStockConfirmMail, backInStockMail } from './templates/back-in-stock-emails';
export { signOrderLink, verifyOrderLink } from './signed-links';
export {
  accountChangeMail,
  contactCopyMail,
  emailChangeConfirmMail,
  emailChangeTakenMail,
  newDeviceMail,
  passwordResetMail,
  secondFactorLockedMail,
  type AccountChangeKind,
} from './templates/account-emails';
export { contactReplyMail } from './templates/contact-emails';
export { giftCardMail } from './templates/gift-card-emails';
export { lowStockDigestMail } from './templates/stock-emails';
export { cartReminderMail } from './templates/cart-reminder-emails';
// The scale bench's builder writes a big shop's sent order e-mails with them (scripts/scale, decision 240).
export { orderPageUrl } from './order-emails';
export { orderCancelledMail, orderConfirmationMail, orderShippedMail } from './templates/order-emails';
export { startMailWorker, type MailWorker } from './outbox.worker';
export { clearOldMailBodies } from './outbox-retention';
