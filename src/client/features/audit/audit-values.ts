// How an audit row's fields and values read on the screen (decision 228): Albanian labels for the stored field names,
// money from cents, yes/no for flags, "(bosh)" for nothing, "(i fshehtë)" for a masked secret.
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { orderMessages } from '#shared/messages/orders';
import { formatCents } from '#shared/money';

const a = staffMessages.audit;
const SECRET = '[secret]';

export function fieldLabel(field: string): string {
  const inner = /^(stock|line|threshold)\[(.*)\]$/.exec(field);
  if (inner) return fill(a[inner[1] as 'stock' | 'line' | 'threshold'], { what: inner[2]! });
  return (a.fields as Record<string, string>)[field] ?? field;
}

/** An order's stored state words ('pending', 'returned', …) as the order screens name them. */
const ORDER_STATES: Record<string, string> = orderMessages.orderStatus;

export function valueText(field: string, value: unknown, entity?: string): string {
  if (value === null || value === undefined || value === '') return a.empty;
  if (value === SECRET) return a.secret;
  if (field.endsWith('_cents') && typeof value === 'number') return formatCents(value);
  if (/^(is|has|require)_|_optional$/.test(field) && (value === 0 || value === 1 || typeof value === 'boolean'))
    return value === 1 || value === true ? a.yes : a.no;
  if (entity === 'order' && (field === 'status' || field === 'closed_as') && typeof value === 'string')
    return ORDER_STATES[value] ?? value;
  if (field === 'discount_kind' && (value === 'percent' || value === 'fixed')) return staffMessages.promoKind[value];
  if (field === 'stage' && typeof value === 'string')
    return (staffMessages.orderStages.names as Record<string, string>)[value] ?? value;
  if (Array.isArray(value)) return value.length ? value.map((v) => String(v)).join(', ') : a.empty;
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

export const actionText = (action: string): string => (a.actions as Record<string, string>)[action] ?? action;
