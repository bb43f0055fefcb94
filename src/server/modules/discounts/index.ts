// Product discounts and promo codes, as staff manage them, and a promo code's use at checkout.
// Its one public entry (docs/architecture.md rule 9): what other modules may import. Its door is
// discounts.operations.ts, mounted by the composition root (operations/registry.ts).
export { activePromoCode, claimPromoUse, promoCodeProducts, type ActivePromoCode } from './promo-codes.service';
