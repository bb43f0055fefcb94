// The order e-mails: confirmation to the shopper, new-order notification to the shop, and "delivered" (Dorëzuar).
// Amounts are formatted by the one money helper ("12,50 €").
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import { lookMessages } from '#shared/messages/looks';
import { amountToPay, formatEuro } from '#shared/money';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = emailMessages;
const r = staffMessages.reviews.email;

const cell = 'padding:6px 8px;border-bottom:1px solid #eee;text-align:left';
const num = 'padding:6px 8px;border-bottom:1px solid #eee;text-align:right;white-space:nowrap';

function fullName(o: OrderConfirmationDto): string {
  return `${o.customerDetails.firstName} ${o.customerDetails.lastName}`.trim();
}

function addressLines(o: OrderConfirmationDto): string[] {
  const c = o.customerDetails;
  return [fullName(o), c.address, `${c.zipCode} ${c.city}`.trim(), c.countryName, c.phoneNumber].filter(
    (l): l is string => !!l && l.trim() !== '',
  );
}

/** The discount row's label: the code and what it is worth (a percentage, or a fixed amount: decision 222). */
function discountLabel(o: OrderConfirmationDto): string {
  if (o.promoCode && o.promoAmount !== null)
    return fill(t.discountWithFixedCode, { code: o.promoCode, amount: formatEuro(o.promoAmount) });
  return o.promoCode && o.promoPercentage
    ? fill(t.discountWithCode, { code: o.promoCode, percent: o.promoPercentage })
    : t.discount;
}

/** What is paid at the door: the total less the store credit the order used (decision 273). */
const payable = (o: OrderConfirmationDto) => formatEuro(amountToPay(o.total, o.storeCreditAmount, o.giftCardAmount));

/** Totals rows: subtotal, discount (when any), shipping, total; store credit used and what is left to pay, if any. */
function totals(o: OrderConfirmationDto): Array<[string, string]> {
  const rows: Array<[string, string]> = [[t.subtotal, formatEuro(o.subtotal)]];
  if (o.lookDiscount > 0) rows.push([lookMessages.discountRow, `-${formatEuro(o.lookDiscount)}`]);
  if (o.discount > 0) rows.push([discountLabel(o), `-${formatEuro(o.discount)}`]);
  rows.push([t.shipping, formatEuro(o.shipping)], [t.total, formatEuro(o.total)]);
  if (o.giftCardAmount > 0) rows.push([t.giftCard, `-${formatEuro(o.giftCardAmount)}`]); // decision 274
  if (o.storeCreditAmount > 0) rows.push([t.storeCredit, `-${formatEuro(o.storeCreditAmount)}`]);
  if (o.storeCreditAmount + o.giftCardAmount > 0) rows.push([t.toPay, payable(o)]);
  return rows;
}

/** The order's lines and totals as an HTML table and as text. */
function orderTable(o: OrderConfirmationDto): { html: string; text: string } {
  const head = [t.product, t.colour, t.size, t.quantity, t.price, t.lineTotal];
  const rows = o.lines.map(
    (l) =>
      `<tr><td style="${cell}">${esc(l.productName)}</td><td style="${cell}">${esc(l.color)}</td><td style="${cell}">${esc(l.size)}</td>` +
      `<td style="${num}">${l.quantity}</td><td style="${num}">${esc(formatEuro(l.unitPrice))}</td><td style="${num}">${esc(formatEuro(l.lineTotal))}</td></tr>`,
  );
  const totalRows = totals(o).map(
    ([label, value], i, all) =>
      `<tr><td colspan="5" style="${num}${i === all.length - 1 ? ';font-weight:bold' : ''}">${esc(label)}</td><td style="${num}${i === all.length - 1 ? ';font-weight:bold' : ''}">${esc(value)}</td></tr>`,
  );
  const html =
    `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px;margin:16px 0">` +
    `<thead><tr>${head.map((h, i) => `<th style="${i >= 3 ? num : cell};color:#777;font-weight:normal">${esc(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}${totalRows.join('')}</tbody></table>`;
  const text = [
    ...o.lines.map(
      (l) =>
        `- ${l.productName}${l.color ? ` · ${t.colour}: ${l.color}` : ''} · ${t.size}: ${l.size} · ${l.quantity} × ${formatEuro(l.unitPrice)} = ${formatEuro(l.lineTotal)}`,
    ),
    '',
    ...totals(o).map(([label, value]) => `${label}: ${value}`),
  ].join('\n');
  return { html, text };
}

/** Order confirmation to the shopper, with a link to the order page (orderUrl carries the guest's token). */
export function orderConfirmationMail(o: OrderConfirmationDto, orderUrl: string): RenderedMail {
  const subject = fill(t.confirmationSubject, { number: o.orderNumber });
  const table = orderTable(o);
  const pay = fill(t.amountToPay, { amount: payable(o) });
  const address = addressLines(o);
  const greeting = o.customerDetails.firstName
    ? fill(t.greeting, { name: o.customerDetails.firstName })
    : t.greetingPlain;
  const html = [
    paragraph(greeting),
    paragraph(t.confirmationIntro),
    `<p style="margin:0 0 12px"><strong>${esc(t.orderNumber)}:</strong> ${esc(o.orderNumber)}</p>`,
    table.html,
    `<h2 style="font-size:16px;margin:16px 0 8px">${esc(t.deliveryAddress)}</h2>`,
    `<p style="margin:0 0 12px">${address.map(esc).join('<br>')}</p>`,
    `<h2 style="font-size:16px;margin:16px 0 8px">${esc(t.cashOnDelivery)}</h2>`,
    paragraph(pay),
    button(orderUrl, t.viewOrder),
  ].join('\n');
  const text = [
    greeting,
    '',
    t.confirmationIntro,
    '',
    `${t.orderNumber}: ${o.orderNumber}`,
    '',
    table.text,
    '',
    `${t.deliveryAddress}:`,
    ...address,
    '',
    `${t.cashOnDelivery}: ${pay}`,
    '',
    fill(t.viewOrderPlain, { url: orderUrl }),
  ].join('\n');
  return frame(subject, html, text);
}

/** New-order notification to the shop (SHOP_EMAIL), linking to the dashboard's order page. */
export function newOrderMail(o: OrderConfirmationDto, dashboardUrl: string): RenderedMail {
  const subject = fill(t.newOrderSubject, { number: o.orderNumber, total: formatEuro(o.total) });
  const email = o.customerDetails.email;
  // A manual order may have no e-mail (decision 221): the intro then names the phone only.
  const intro = fill(email ? t.newOrderIntro : t.newOrderIntroNoEmail, {
    name: fullName(o) || email || o.customerDetails.phoneNumber,
    email,
    phone: o.customerDetails.phoneNumber,
  });
  const table = orderTable(o);
  const address = addressLines(o);
  const html = [
    paragraph(intro),
    `<p style="margin:0 0 12px"><strong>${esc(t.orderNumber)}:</strong> ${esc(o.orderNumber)}</p>`,
    table.html,
    `<h2 style="font-size:16px;margin:16px 0 8px">${esc(t.deliveryAddress)}</h2>`,
    `<p style="margin:0 0 12px">${address.map(esc).join('<br>')}</p>`,
    button(dashboardUrl, t.openInDashboard),
  ].join('\n');
  const text = [
    intro,
    '',
    `${t.orderNumber}: ${o.orderNumber}`,
    '',
    table.text,
    '',
    `${t.deliveryAddress}:`,
    ...address,
    '',
    fill(t.openInDashboardPlain, { url: dashboardUrl }),
  ].join('\n');
  return frame(subject, html, text);
}

/** "Your order was delivered and paid, thank you" (Dorëzuar, decision 248): it asks for no money. */
export function orderDeliveredMail(o: OrderConfirmationDto, orderUrl: string, reviewUrl?: string): RenderedMail {
  const subject = fill(t.deliveredSubject, { number: o.orderNumber });
  const greeting = o.customerDetails.firstName
    ? fill(t.greeting, { name: o.customerDetails.firstName })
    : t.greetingPlain;
  const intro = fill(t.deliveredIntro, { number: o.orderNumber, amount: payable(o) });
  const table = orderTable(o);
  const html = [paragraph(greeting), paragraph(intro), table.html, button(orderUrl, t.viewOrder)];
  const text = [greeting, '', intro, '', table.text, '', fill(t.viewOrderPlain, { url: orderUrl })];
  // The invitation to review (decision 234): its link is the placeholder the worker fills when it sends.
  if (reviewUrl) {
    html.push(paragraph(r.invite), button(reviewUrl, r.inviteButton));
    text.push('', r.invite, fill(r.invitePlain, { url: reviewUrl }));
  }
  return frame(subject, html.join('\n'), text.join('\n'));
}

/**
 * "Your order is on its way" (Në dërgesë, decision 229): the courier, the tracking number, and a button to the
 * courier's tracking page when the courier has one, beside the order page's.
 */
export function orderShippedMail(o: OrderConfirmationDto, orderUrl: string): RenderedMail {
  const { courierName, trackingNumber, trackingUrl } = o.shipment;
  const subject = fill(t.shippedSubject, { number: o.orderNumber });
  const greeting = o.customerDetails.firstName
    ? fill(t.greeting, { name: o.customerDetails.firstName })
    : t.greetingPlain;
  const intro = fill(t.shippedIntro, {
    number: o.orderNumber,
    courier: courierName ?? '',
    amount: payable(o),
  });
  const tracking = trackingNumber ? fill(t.shippedTracking, { tracking: trackingNumber }) : '';
  const table = orderTable(o);
  const html = [
    paragraph(greeting),
    paragraph(intro),
    tracking ? paragraph(tracking) : '',
    trackingUrl ? button(trackingUrl, t.trackParcel) : '',
    table.html,
    button(orderUrl, t.viewOrder),
  ].join('\n');
  const text = [
    greeting,
    '',
    intro,
    tracking,
    trackingUrl ? fill(t.trackParcelPlain, { url: trackingUrl }) : '',
    '',
    table.text,
    '',
    fill(t.viewOrderPlain, { url: orderUrl }),
  ].join('\n');
  return frame(subject, html, text);
}

/** "Your order was cancelled" (Anuluar, issue 14) to the shopper: nothing to pay at the door. */
export function orderCancelledMail(o: OrderConfirmationDto, orderUrl: string): RenderedMail {
  const subject = fill(t.cancelledSubject, { number: o.orderNumber });
  const greeting = o.customerDetails.firstName
    ? fill(t.greeting, { name: o.customerDetails.firstName })
    : t.greetingPlain;
  const intro = fill(t.cancelledIntro, { number: o.orderNumber });
  const table = orderTable(o);
  const html = [paragraph(greeting), paragraph(intro), table.html, button(orderUrl, t.viewOrder)].join('\n');
  const text = [greeting, '', intro, '', table.text, '', fill(t.viewOrderPlain, { url: orderUrl })].join('\n');
  return frame(subject, html, text);
}
