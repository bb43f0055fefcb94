// The frame every e-mail shares: the shop's name, address and contact details around a body, as HTML (inline
// styles only: mail clients drop <style>) and as plain text. Plain typed functions, no template engine (decision 170).
import { fill, messages } from '#shared/messages';
import { emailMessages } from '#shared/messages/emails';
import { escapeHtml } from '#shared/text';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const t = emailMessages;

/** Escapes text for HTML element content and attribute values (the shop's one escaper, short for the templates). */
export const esc = escapeHtml;

/** A call-to-action link styled as a button. */
export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${esc(href)}" style="background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(label)}</a></p>`;

export const paragraph = (text: string) => `<p style="margin:0 0 12px">${esc(text)}</p>`;

const footerLines = [
  fill(t.footerAddress, { address: messages.shop.address }),
  fill(t.footerContact, { email: messages.shop.email, phones: `${messages.shop.phone1}, ${messages.shop.phone2}` }),
  t.automatic,
];

/** Wraps an HTML body and a text body in the shop's frame. */
export function frame(subject: string, htmlBody: string, textBody: string): RenderedMail {
  const html = `<!doctype html>
<html lang="sq"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(subject)}</title></head>
<body style="margin:0;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222;font-size:15px;line-height:1.5">
<div style="max-width:640px;margin:0 auto;padding:24px">
<h1 style="font-size:24px;letter-spacing:2px;margin:0 0 16px">${esc(t.shopName.toUpperCase())}</h1>
<div style="background:#fff;border-radius:8px;padding:24px">
${htmlBody}
</div>
<div style="color:#777;font-size:12px;margin-top:16px">${footerLines.map((l) => `<div>${esc(l)}</div>`).join('')}</div>
</div></body></html>`;
  const text = `${t.shopName.toUpperCase()}\n\n${textBody.trim()}\n\n--\n${footerLines.join('\n')}\n`;
  return { subject, html, text };
}
