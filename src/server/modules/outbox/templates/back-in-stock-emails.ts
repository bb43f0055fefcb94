// The back-in-stock e-mails: the confirmation a new address gets before its request counts (decision 239; its link is
// SECRET_LINK, minted when sent) and the notice to a waiting shopper when a sold-out variant returns (decision 233).
// Queued inside catalog's stock writer, where no configuration is at hand: links start with SHOP_URL (the worker
// writes the shop's origin when sending), and the unsubscribe link is SECRET_LINK, minted when sent (decision 207).
import { backInStockMessages } from '#shared/messages/back-in-stock';
import { fill } from '#shared/messages';
import { SECRET_LINK, SHOP_URL } from '../secret-links';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = backInStockMessages.backInStock;

export interface BackInStockLine {
  productId: number;
  productName: string;
  /** "M, E kuqe" (or only one of them). */
  variant: string;
}

export function backInStockMail(line: BackInStockLine): RenderedMail {
  const productUrl = `${SHOP_URL}/productDetails/${line.productId}`;
  const subject = fill(t.mailSubject, { product: line.productName });
  const intro = fill(t.mailIntro, { product: line.productName, variant: line.variant });
  const html = [
    paragraph(intro),
    paragraph(t.mailNote),
    button(productUrl, t.mailAction),
    `<p style="margin:24px 0 0;font-size:12px;color:#777"><a href="${SECRET_LINK}" style="color:#777">${esc(t.mailUnsubscribeLink)}</a></p>`,
  ].join('\n');
  const text = [
    intro,
    '',
    t.mailNote,
    '',
    fill(t.mailActionPlain, { url: productUrl }),
    '',
    fill(t.mailUnsubscribe, { url: SECRET_LINK }),
  ].join('\n');
  return frame(subject, html, text);
}

/** The double opt-in e-mail: confirm this address (its link confirms all the address's pending requests). */
export function backInStockConfirmMail(line: BackInStockLine, validHours: number): RenderedMail {
  const subject = fill(t.confirmMailSubject, { product: line.productName });
  const intro = fill(t.confirmMailIntro, { product: line.productName, variant: line.variant });
  const note = fill(t.confirmMailNote, { hours: validHours });
  const html = [
    paragraph(intro),
    paragraph(note),
    button(SECRET_LINK, t.confirmMailAction),
    paragraph(t.confirmMailIgnore),
  ].join('\n');
  const text = [
    intro,
    '',
    note,
    '',
    fill(t.confirmMailActionPlain, { url: SECRET_LINK }),
    '',
    t.confirmMailIgnore,
  ].join('\n');
  return frame(subject, html, text);
}
