// Answers of back in stock (decisions 233, 239): the shopper's request, confirmation and unsubscribe, the staff's
// waiting demand (confirmed shoppers only).

/**
 * The answer to a request: the same whether or not the address already waits or was confirmed (decision 239), so it
 * tells no one who waits. A new address gets a confirmation e-mail; only confirmed requests are ever notified.
 */
export interface BackInStockRequestDto {
  variantID: number;
  /** The normalised address the confirmation (or, once confirmed, the notice) goes to. */
  email: string;
}

export interface BackInStockConfirmDto {
  /** Pending requests of the address this confirmation opened (0 when it had none left). */
  confirmed: number;
}

export interface BackInStockUnsubscribeDto {
  /** Open requests of the address closed by this call (0 when none was left). */
  closed: number;
}

export interface VariantDemandDto {
  variantID: number;
  /** Confirmed shoppers waiting (pending, unconfirmed requests are not counted). */
  waiting: number;
}

export interface DemandRowDto extends VariantDemandDto {
  productID: number;
  productName: string;
  sizeName: string;
  colorName: string;
  hexCode: string;
  stockQuantity: number;
  /** The oldest open request (ISO time). */
  oldest: string;
}
