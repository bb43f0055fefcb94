// Why a variant's stock changed (the stock ledger, decision 231): the stored values, shared by the server's table
// type, the answers and the staff screens' labels.
export const STOCK_REASONS = [
  'initial',
  'sale',
  'cancellation',
  'return',
  'exchange',
  'order_deleted',
  'staff_edit',
  'csv_import',
  'stock_count',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
