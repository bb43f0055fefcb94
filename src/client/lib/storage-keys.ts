// Browser storage keys exactly as the spec lists them.
export const STORAGE = {
  authToken: 'authToken',
  userId: 'userId',
  roleID: 'roleID',
  guestId: 'guestId',
  refreshToken: 'refreshToken',
  cartItemsByUser: 'cartItemsByUser',
  cartItems: 'cartItems',
} as const;
