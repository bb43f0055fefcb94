// What an audit row stores of a write (decision 228): only the fields whose value changed, each as [before, after];
// a created entity lists its fields as [null, value], a deleted one as [value, null]. Secrets are never stored: a
// field named like a password, token, hash or TOTP secret keeps only the fact that it changed.
export type AuditState = Record<string, unknown> | null;
export type AuditChanges = Record<string, [unknown, unknown]>;

/** Field names whose values are secrets (password hashes, token values, TOTP secrets, recovery codes). */
const SECRET_FIELD = /pass(word)?|token|secret|hash|totp|otp|recovery|credential|private/i;
/** What stands in for a secret's value. */
export const SECRET_MARK = '[secret]';

export const isSecretField = (field: string): boolean => SECRET_FIELD.test(field);

/** A value as JSON stores it (undefined -> null, dates as ISO text), secrets replaced by the mark. */
function stored(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (isSecretField(field)) return SECRET_MARK;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** The changed fields between two states of an entity, before -> after, secrets masked. */
export function changedFields(before: AuditState, after: AuditState): AuditChanges {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = before?.[field];
    const now = after?.[field];
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) continue;
    changes[field] = [stored(field, was), stored(field, now)];
  }
  return changes;
}
