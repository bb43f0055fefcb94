// Test data factories, the one entry of src/server/testing/factories/ (the only index file the project keeps: tests
// import every factory from here). Each writes straight to a test database with sensible defaults and overrides;
// placeCheckoutOrder goes through the real checkout service. Users with a login: testing/auth.ts.
export {
  createCategory,
  createColor,
  createCountry,
  createEvent,
  createProduct,
  createProductImage,
  createSize,
  updateProduct,
} from './factories/catalog';
export { createProductDiscount, createPromoCode } from './factories/discounts';
export { insertOrder, placeCheckoutOrder } from './factories/orders';
export {
  createPasswordlessUser,
  createRefreshToken,
  expirePasswordResetLinks,
  expireRefreshTokens,
  setUserRole,
} from './factories/accounts';
export { createContactMessage, createOutboxMail } from './factories/messages';
export { addToWishlist } from './factories/wishlist';
