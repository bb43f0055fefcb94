// The dashboard's customers list (decision 256): one row per buyer, whoever bought (an account, a guest, a phone
// order), identical over tRPC and REST.

export interface CustomerDto {
  customerId: number;
  /** The latest order's name. */
  name: string;
  /** E-mails and phones of its orders, latest first; phones grouped the way their country writes them. */
  emails: string[];
  phones: string[];
  /** The account of its latest account order, if any. */
  userId: number | null;
  orders: number;
  /** Euros: totals of delivered orders not returned (delivered means paid, decision 248). */
  spend: number;
  /** Units asked back by return requests not refused or withdrawn (the overview's returns, decision 254). */
  returns: number;
  /** Orders refused at the door or returned (the reports' refusals, decision 254). */
  refusals: number;
  cancelled: number;
  firstOrderAt: string;
  lastOrderAt: string;
}
