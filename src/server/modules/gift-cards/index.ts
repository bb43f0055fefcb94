// Gift cards (issue 37, decision 274): owner of gift_cards and gift_card_entries. Its one public entry
// (docs/architecture.md rule 9): checkout prices and spends a card in the order's transaction, orders give it back on
// cancel / refusal / deletion and issue the cards a delivered order bought, the reports sum what cards paid, the demo
// seed writes its card. Its door
// (gift-cards.operations.ts) is mounted by the composition root, not exported here.
export {
  giftCardCentsPerRange,
  giftCardToUse,
  giftCardsSpentOnOrders,
  issueSoldCards,
  releaseOrderGiftCard,
  spendGiftCard,
  voidOrderCards,
} from './gift-cards-orders.service';
export { writeCard } from './gift-cards.service';
