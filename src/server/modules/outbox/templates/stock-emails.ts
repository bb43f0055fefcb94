// The daily low-stock digest to the shop (SHOP_EMAIL, decision 231): the variants below their threshold today.
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = staffMessages.stock;

export interface LowStockLine {
  productName: string;
  /** "M, E kuqe" (or only one of them). */
  variant: string;
  stock: number;
  threshold: number;
}

/** `lines` are the first of `total` low variants (the mail lists at most a page and says how many more). */
export function lowStockDigestMail(day: string, lines: LowStockLine[], total: number, listUrl: string): RenderedMail {
  const subject = plural(t.digestSubject, total);
  const intro = fill(t.digestIntro, { day });
  const rows = lines.map((l) =>
    fill(t.digestLine, { product: l.productName, variant: l.variant, stock: l.stock, threshold: l.threshold }),
  );
  const more = total > lines.length ? [plural(t.digestMore, total - lines.length)] : [];
  const html = [
    paragraph(intro),
    `<ul style="margin:0 0 12px;padding-left:20px">${rows.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`,
    ...more.map(paragraph),
    button(listUrl, t.digestAction),
  ].join('\n');
  const text = [intro, '', ...rows.map((r) => `- ${r}`), ...more, '', fill(t.digestActionPlain, { url: listUrl })].join(
    '\n',
  );
  return frame(subject, html, text);
}
