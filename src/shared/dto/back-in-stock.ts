// Answers of back in stock (decision 233): the shopper's request and unsubscribe, the staff's waiting demand.

export interface BackInStockRequestDto {
  variantID: number;
  /** The normalised address the notice will go to. */
  email: string;
  /** When the open request was first made (a second submit answers the same). */
  since: string;
}

export interface BackInStockUnsubscribeDto {
  /** Open requests of the address closed by this call (0 when none was left). */
  closed: number;
}

export interface VariantDemandDto {
  variantID: number;
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
