// Secret links leave the outbox (issue 22, decision 207). A message that carries a one-time secret stores a
// placeholder and a reference (`secret_kind`, `secret_ref`); the worker mints the secret at the moment of sending.
// Rows written before this migration held live password-reset links in their HTML and text: those links are
// replaced by the placeholder, messages not yet sent are failed (the customer asks again), and every reset link
// not yet used is retired, since staff could have read it. Portable DDL and Kysely (decision 140).
import type { Kysely } from 'kysely';

const RESET_URL = /(?:https?:\/\/[^\s"'<>]*)?\/reset-password\?token=[A-Za-z0-9_-]+/g;
const PLACEHOLDER = '{{secret_link}}';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('secret_kind', 'varchar(40)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('secret_ref', 'integer').execute();
  const now = new Date().toISOString();
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'html', 'text_body', 'status'])
    .where('kind', '=', 'password_reset')
    .execute();
  for (const r of rows as Array<{ mail_id: number; html: string; text_body: string; status: string }>) {
    const unsent = r.status === 'queued' || r.status === 'sending';
    await db
      .updateTable('mail_outbox')
      .set({
        html: r.html.replace(RESET_URL, PLACEHOLDER),
        text_body: r.text_body.replace(RESET_URL, PLACEHOLDER),
        ...(unsent
          ? {
              status: 'failed',
              claim_token: null,
              claimed_until: null,
              last_error: 'Nuk u dërgua: lidhja u hoq për siguri. Klienti duhet të kërkojë një të re.',
            }
          : {}),
      })
      .where('mail_id', '=', r.mail_id)
      .execute();
  }
  await db.updateTable('password_reset_tokens').set({ used_at: now }).where('used_at', 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('secret_ref').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('secret_kind').execute();
}
