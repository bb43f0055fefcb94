// The order number a shopper quotes and a delivery slip carries: "#000123" (the barcode encodes the digits).
export const orderNumberOf = (orderId: number): string => `#${String(orderId).padStart(6, '0')}`;
