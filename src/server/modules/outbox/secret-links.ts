// Secret links in e-mails (issue 22, decision 207). A message that carries a one-time secret (a password-reset
// link today; any later code or sign-in link) is stored with a placeholder where the link goes and a reference to
// what it unlocks (`secret_kind`, `secret_ref`), never the secret itself. The worker asks the owning module to mint
// a fresh secret at the moment of sending (only its hash is written, by that module), puts it into the copy that
// goes to SMTP, and forgets it. So no outbox row, staff screen, API answer, log line or backup ever holds a usable
// secret, and the staff preview shows the placeholder.
//
//   // the owning module, once at load:
//   registerSecretLink('password_reset', (deps, ref, now) => mintResetLink(deps, ref, now)); // url or null
//   // when queuing:
//   await enqueueMail(trx, { kind: 'password_reset', to, ...render(SECRET_LINK), secret: { kind: 'password_reset', ref: resetId } });
import type { AppDeps } from '#server/deps';
import { esc } from './templates/layout';

/** What templates are given instead of the real link; the stored row keeps this text. */
export const SECRET_LINK = '{{secret_link}}';

/** Mints the secret for row `ref` (storing only its hash) and returns the link; null when it may no longer be sent (expired or used). */
export type SecretLinkMinter = (deps: Pick<AppDeps, 'db' | 'config'>, ref: number, now: Date) => Promise<string | null>;

const minters = new Map<string, SecretLinkMinter>();

/** Called once by the module that owns the secret (at module load). */
export function registerSecretLink(kind: string, minter: SecretLinkMinter): void {
  minters.set(kind, minter);
}

export function secretLinkMinter(kind: string): SecretLinkMinter | undefined {
  return minters.get(kind);
}

const HREF = `href="${SECRET_LINK}"`;

/**
 * The shop's public origin in a message queued where no configuration is at hand (a restock's back-in-stock notice is
 * queued inside catalog's stock writer, decision 233): the worker writes linkBase(config) in its place when sending,
 * the staff preview leaves the path relative. Not a secret: only where the origin goes.
 */
export const SHOP_URL = '{{shop_url}}';

/** The stored body with the shop's origin in place of SHOP_URL (the worker, before minting any secret link). */
export function withShopUrl(body: { html: string; text: string }, origin: string): { html: string; text: string } {
  return { html: body.html.replaceAll(SHOP_URL, esc(origin)), text: body.text.replaceAll(SHOP_URL, origin) };
}

/** The copy that goes to SMTP: the placeholder replaced by the minted link (escaped for the HTML part). */
export function withSecretLink(body: { html: string; text: string }, link: string): { html: string; text: string } {
  return {
    html: body.html.replaceAll(HREF, `href="${esc(link)}"`).replaceAll(SECRET_LINK, esc(link)),
    text: body.text.replaceAll(SECRET_LINK, link),
  };
}

/** What staff see: the placeholder as a clear, inert label (a link that goes nowhere in the HTML part). */
export function withPlaceholder(body: { html: string; text: string }, label: string): { html: string; text: string } {
  return {
    html: body.html
      .replaceAll(HREF, 'href="#" aria-disabled="true"')
      .replaceAll(SECRET_LINK, esc(label))
      .replaceAll(SHOP_URL, ''),
    text: body.text.replaceAll(SECRET_LINK, label).replaceAll(SHOP_URL, ''),
  };
}
