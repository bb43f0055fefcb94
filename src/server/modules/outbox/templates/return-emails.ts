// The e-mails a return or exchange request sends the shopper (decision 235), one per step: asked, approved (with
// the return address and instructions), received, refused (with the reason), withdrawn by the shopper, refunded,
// exchange sent.
import { fill } from '#shared/messages';
import { returnMessages } from '#shared/messages/returns';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = returnMessages.mail;

export type ReturnStep = 'requested' | 'approved' | 'received' | 'refused' | 'withdrawn' | 'refunded' | 'exchanged';

export interface ReturnMailFacts {
  step: ReturnStep;
  orderNumber: string;
  kind: 'return' | 'exchange';
  /** "2 × Fustan liri (M, E kuqe)". */
  lines: string[];
  /** approved: where to send and how; refused: why; refunded: "12,50 €" and the method; exchanged: its number. */
  address?: string;
  instructions?: string;
  refusalReason?: string;
  amount?: string;
  method?: string;
  exchangeNumber?: string;
}

const SUBJECTS = {
  requested: t.requestedSubject,
  approved: t.approvedSubject,
  received: t.receivedSubject,
  refused: t.refusedSubject,
  withdrawn: t.withdrawnSubject,
  refunded: t.refundedSubject,
  exchanged: t.exchangedSubject,
} as const;

/** The step's paragraphs (text), before the lines. */
function stepParagraphs(f: ReturnMailFacts): string[] {
  switch (f.step) {
    case 'requested':
      return [fill(t.requestedBody, { kind: returnMessages.kinds[f.kind], number: f.orderNumber })];
    case 'approved':
      return [t.approvedBody, f.address ?? '', t.instructions, f.instructions ?? ''];
    case 'received':
      return [t.receivedBody];
    case 'refused':
      return [t.refusedBody, f.refusalReason ?? ''];
    case 'withdrawn':
      return [t.withdrawnBody];
    case 'refunded':
      return [fill(t.refundedBody, { amount: f.amount ?? '', method: f.method ?? '' })];
    case 'exchanged':
      return [fill(t.exchangedBody, { exchange: f.exchangeNumber ?? '' })];
  }
}

export function returnStepMail(f: ReturnMailFacts, orderUrl: string): RenderedMail {
  const subject = fill(SUBJECTS[f.step], { number: f.orderNumber, kind: returnMessages.kindWords[f.kind] });
  const paragraphs = stepParagraphs(f).filter(Boolean);
  const html = [
    ...paragraphs.map(paragraph),
    paragraph(t.lines),
    `<ul style="margin:0 0 12px;padding-left:20px">${f.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    button(orderUrl, t.openOrder),
  ].join('\n');
  const text = [...paragraphs, '', t.lines, ...f.lines.map((l) => `- ${l}`), '', `${t.openOrder}: ${orderUrl}`].join(
    '\n',
  );
  return frame(subject, html, text);
}
