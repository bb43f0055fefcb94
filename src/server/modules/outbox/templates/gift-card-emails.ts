// The gift card's e-mail (decision 274), in Albanian. The code is SECRET_LINK in the stored row (decision 207): the
// worker asks the gift-cards module for it when sending, so no outbox row, preview or backup holds a spendable code.
import { formatDate } from '#shared/dates';
import { fill } from '#shared/messages';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import { formatCents } from '#shared/money';
import { SECRET_LINK, SHOP_URL } from '../secret-links';
import { esc, frame, paragraph, type RenderedMail } from './layout';

export function giftCardMail(card: {
  amountCents: number;
  recipientName: string;
  message: string;
  expiresOn: string | null;
}): RenderedMail {
  const amount = formatCents(card.amountCents);
  const intro = card.recipientName
    ? fill(g.mailIntro, { name: card.recipientName, amount })
    : fill(g.mailIntroNoName, { amount });
  const expiry = card.expiresOn ? fill(g.mailExpires, { date: formatDate(card.expiresOn) }) : g.mailNoExpiry;
  const note = card.message ? fill(g.mailMessage, { message: card.message }) : '';
  const code = fill(g.mailCode, { code: SECRET_LINK });
  const shop = fill(g.mailShop, { url: SHOP_URL });
  const html = [
    paragraph(intro),
    note ? paragraph(note) : '',
    `<p style="margin:0 0 12px;font-size:20px;letter-spacing:2px"><strong>${esc(code)}</strong></p>`,
    paragraph(g.mailHow),
    paragraph(expiry),
    paragraph(shop),
  ]
    .filter(Boolean)
    .join('\n');
  const text = [intro, note, '', code, '', g.mailHow, expiry, '', shop].join('\n');
  return frame(fill(g.mailSubject, { amount }), html, text);
}
