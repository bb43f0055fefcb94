// The staff's reply to a contact message (decision 257): the reply, signed by the shop (never by the staff member),
// then the shopper's own message quoted below it. Every text a person typed is escaped in the HTML part.
import { formatShopDateTime } from '#shared/dates';
import { fill } from '#shared/messages';
import { emailMessages } from '#shared/messages/emails';
import { esc, frame, paragraph, type RenderedMail } from './layout';

const t = emailMessages;

export interface ContactReplyFacts {
  /** The shopper's name as they gave it. */
  name: string;
  /** The staff's reply. */
  reply: string;
  /** The shopper's message and when it was sent. */
  original: string;
  originalAt: string;
  /** The message's subject, when it has one (the contact form asks for none today: the default stands in). */
  subject?: string | null;
}

/** "> " before each line of the quoted message in the plain-text part. */
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

export function contactReplyMail(m: ContactReplyFacts): RenderedMail {
  const subject = fill(t.contactReplySubject, { subject: m.subject?.trim() || t.contactReplyDefaultSubject });
  const name = m.name.trim();
  const greeting = name ? fill(t.greeting, { name }) : t.greetingPlain;
  const quoteIntro = fill(t.contactReplyQuoteIntro, { date: formatShopDateTime(m.originalAt) });
  const html = [
    paragraph(greeting),
    `<div style="margin:0 0 12px;white-space:pre-wrap">${esc(m.reply)}</div>`,
    paragraph(t.contactReplyAnswerHint),
    `<p style="margin:0 0 24px">${esc(t.contactReplyClosing)}<br>${esc(t.contactReplySignature)}</p>`,
    `<p style="margin:0 0 6px;color:#777">${esc(quoteIntro)}</p>`,
    `<blockquote style="margin:0;white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px;color:#555">${esc(m.original)}</blockquote>`,
  ].join('\n');
  const text = [
    greeting,
    '',
    m.reply,
    '',
    t.contactReplyAnswerHint,
    '',
    t.contactReplyClosing,
    t.contactReplySignature,
    '',
    quoteIntro,
    quoted(m.original),
  ].join('\n');
  return frame(subject, html, text);
}
