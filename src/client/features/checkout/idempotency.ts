// A fresh idempotency key per distinct checkout attempt: repeats of the same attempt (double click, retry after a
// dropped connection) reuse it, so the server answers them with the first order instead of placing another.
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `chk_${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
