// Browser storage keys exactly as the spec lists them.
export const STORAGE = {
  authToken: 'authToken',
  userId: 'userId',
  roleID: 'roleID',
  guestId: 'guestId',
  refreshToken: 'refreshToken',
  cartItemsByUser: 'cartItemsByUser',
  cartItems: 'cartItems',
  /** Not in the spec: a consenting guest's saved-cart key and address for her reminders (decision 275). */
  cartReminder: 'cartReminder',
} as const;
