// Account and contact e-mails: the password-reset link, the e-mail change's link (decision 259), the copy of a
// contact-form message for the shop, and the owner's notices about sign-ins (a new device; the second step locked by
// wrong codes) and account changes.
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import { SHOP_URL } from '../secret-links';
import { button, esc, frame, paragraph, type RenderedMail } from './layout';

const t = emailMessages;

export function passwordResetMail(firstName: string, resetUrl: string, minutes: number): RenderedMail {
  const greeting = firstName ? fill(t.greeting, { name: firstName }) : t.greetingPlain;
  const expiry = fill(t.resetExpiry, { minutes });
  const html = [paragraph(greeting), paragraph(t.resetIntro), button(resetUrl, t.resetAction), paragraph(expiry)].join(
    '\n',
  );
  const text = [greeting, '', t.resetIntro, '', fill(t.resetActionPlain, { url: resetUrl }), '', expiry].join('\n');
  return frame(t.resetSubject, html, text);
}

export function contactCopyMail(m: { name: string; phone: string; email: string; message: string }): RenderedMail {
  const subject = fill(t.contactSubject, { name: m.name });
  const rows: Array<[string, string]> = [
    [t.contactFrom, m.name],
    [t.contactPhone, m.phone],
    [t.contactEmail, m.email],
  ];
  const html = [
    paragraph(t.contactIntro),
    `<p style="margin:0 0 12px">${rows.map(([k, v]) => `<strong>${esc(k)}:</strong> ${esc(v)}`).join('<br>')}</p>`,
    `<p style="margin:0 0 12px;white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${esc(m.message)}</p>`,
  ].join('\n');
  const text = [t.contactIntro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${t.contactMessage}:`, m.message].join(
    '\n',
  );
  return frame(subject, html, text);
}

/**
 * The e-mail change's link to the new address (decision 259): `confirmUrl` is SECRET_LINK in the stored row, the
 * worker mints the real one when sending. No name: whoever reads this mailbox is not yet known to be the owner.
 */
export function emailChangeConfirmMail(confirmUrl: string, hours: number): RenderedMail {
  const n = staffMessages.emailChangeMail;
  const expiry = fill(n.expiry, { hours });
  const html = [paragraph(t.greetingPlain), paragraph(n.intro), button(confirmUrl, n.action), paragraph(expiry)].join(
    '\n',
  );
  const text = [t.greetingPlain, '', n.intro, '', fill(n.actionPlain, { url: confirmUrl }), '', expiry].join('\n');
  return frame(n.subject, html, text);
}

/** To an address that already has an account, asked for as another account's new e-mail: nothing changed, no link. */
export function emailChangeTakenMail(): RenderedMail {
  const n = staffMessages.emailChangeMail;
  const html = [paragraph(t.greetingPlain), paragraph(n.takenIntro), paragraph(n.takenIfYou)].join('\n');
  const text = [t.greetingPlain, '', n.takenIntro, '', n.takenIfYou].join('\n');
  return frame(n.takenSubject, html, text);
}

/** A sign-in from a device the account had not used (decision 227): what, where and when; no link, no secret. */
export function newDeviceMail(m: { firstName: string; device: string; address: string; when: string }): RenderedMail {
  const n = staffMessages.newDeviceMail;
  const greeting = m.firstName ? fill(t.greeting, { name: m.firstName }) : t.greetingPlain;
  const rows: Array<[string, string]> = [
    [n.device, m.device],
    [n.address, m.address],
    [n.when, m.when],
  ];
  const html = [
    paragraph(greeting),
    paragraph(n.intro),
    `<p style="margin:0 0 12px">${rows.map(([k, v]) => `<strong>${esc(k)}:</strong> ${esc(v)}`).join('<br>')}</p>`,
    paragraph(n.ifYou),
    paragraph(n.ifNotYou),
  ].join('\n');
  const text = [greeting, '', n.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', n.ifYou, n.ifNotYou].join('\n');
  return frame(n.subject, html, text);
}

/**
 * Wrong second-factor codes used up the account's allowance (decision 238): how many, until when, from which address
 * last, and a link to the profile's security and sessions. No code, no token, no link that signs anyone in. Queued
 * where no configuration is at hand: the link starts with SHOP_URL, which the worker fills in when sending.
 */
export function secondFactorLockedMail(m: {
  firstName: string;
  count: number;
  when: string;
  until: string;
  address: string;
}): RenderedMail {
  const n = staffMessages.secondFactorLockedMail;
  const greeting = m.firstName ? fill(t.greeting, { name: m.firstName }) : t.greetingPlain;
  const intro = plural(n.intro, m.count, { until: m.until });
  const url = `${SHOP_URL}/profile`;
  const rows: Array<[string, string]> = [
    [n.when, m.when],
    [n.address, m.address],
  ];
  const html = [
    paragraph(greeting),
    paragraph(intro),
    `<p style="margin:0 0 12px">${rows.map(([k, v]) => `<strong>${esc(k)}:</strong> ${esc(v)}`).join('<br>')}</p>`,
    paragraph(n.ifYou),
    paragraph(n.ifNotYou),
    button(url, n.action),
  ].join('\n');
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    n.ifYou,
    n.ifNotYou,
    '',
    fill(n.actionPlain, { url }),
  ].join('\n');
  return frame(n.subject, html, text);
}

/** The kinds of change that keep access to an account, each told to its owner (decision 237). */
export type AccountChangeKind = keyof typeof staffMessages.accountChangeMail.subjects;

/**
 * A change that keeps access to the account (a passkey, two-step sign-in, recovery codes, the password, the e-mail):
 * what and when, and a link to the account's sessions (the profile); never a code, token or secret.
 */
export function accountChangeMail(m: {
  kind: AccountChangeKind;
  firstName: string;
  when: string;
  sessionsUrl: string;
}): RenderedMail {
  const n = staffMessages.accountChangeMail;
  const greeting = m.firstName ? fill(t.greeting, { name: m.firstName }) : t.greetingPlain;
  const when = `${n.when}: ${m.when}`;
  const html = [
    paragraph(greeting),
    paragraph(n.intros[m.kind]),
    paragraph(when),
    paragraph(n.ifYou),
    paragraph(n.ifNotYou),
    button(m.sessionsUrl, n.action),
    paragraph(n.ifNoAccess),
  ].join('\n');
  const text = [
    greeting,
    '',
    n.intros[m.kind],
    when,
    '',
    n.ifYou,
    n.ifNotYou,
    fill(n.actionPlain, { url: m.sessionsUrl }),
    '',
    n.ifNoAccess,
  ].join('\n');
  return frame(n.subjects[m.kind], html, text);
}
