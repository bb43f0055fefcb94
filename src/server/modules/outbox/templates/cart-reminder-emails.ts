// The forgotten-cart reminder (decision 275): the cart's items with today's prices and stock, a link that restores
// the cart on any device and a one-click unsubscribe link. Both links carry the reminder's token, minted only when the
// e-mail is sent (SECRET_LINK, decision 207; the row keeps a placeholder) and stored by the cart module as a hash.
// Queued by a job where links start with SHOP_URL (the worker writes the shop's origin when sending).
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { fill, plural } from '#shared/messages';
import { formatCents } from '#shared/money';
import { pages } from '#shared/pages';
import { SECRET_LINK, SHOP_URL } from '../secret-links';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = cartReminderMessages.mail;

export interface CartReminderLine {
  productName: string;
  /** "M, E kuqe" (or '' when the variant has neither). */
  variant: string;
  quantity: number;
  /** Today's unit price, cents. */
  unitPriceCents: number;
  stock: number;
}

const restoreUrl = `${SHOP_URL}${pages.cartReminderLink.path}?token=${SECRET_LINK}`;
/** The same page, told to unsubscribe (`&amp;` in the HTML attribute). */
const unsubscribeUrl = `${restoreUrl}&ndalo=1`;

function lineText(l: CartReminderLine): string {
  const price = formatCents(l.unitPriceCents * l.quantity);
  const values = { product: l.productName, variant: l.variant, quantity: l.quantity, price };
  const base = fill(l.variant ? t.line : t.lineNoVariant, values);
  if (l.stock <= 0) return `${base} (${t.soldOut})`;
  return l.stock <= 3 ? `${base} (${plural(t.fewLeft, l.stock)})` : base;
}

export function cartReminderMail(firstName: string | null, lines: CartReminderLine[], sequence: number): RenderedMail {
  const subject = sequence > 1 ? t.subjectSecond : t.subject;
  const greeting = firstName ? fill(t.greeting, { name: firstName }) : t.greetingNoName;
  const rows = lines.map(lineText);
  const totalCents = lines.filter((l) => l.stock > 0).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const total = fill(t.total, { total: formatCents(totalCents) });
  const html = [
    paragraph(greeting),
    paragraph(t.intro),
    `<ul style="margin:0 0 12px;padding-left:20px">${rows.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`,
    paragraph(total),
    button(restoreUrl, t.action),
    paragraph(t.note),
    `<p style="margin:24px 0 0;font-size:12px;color:#777"><a href="${esc(unsubscribeUrl)}" style="color:#777">${esc(t.unsubscribeLink)}</a></p>`,
  ].join('\n');
  const text = [
    greeting,
    '',
    t.intro,
    ...rows.map((r) => `- ${r}`),
    total,
    '',
    fill(t.actionPlain, { url: restoreUrl }),
    t.note,
    '',
    fill(t.unsubscribe, { url: unsubscribeUrl }),
  ].join('\n');
  return frame(subject, html, text);
}
