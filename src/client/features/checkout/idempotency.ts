// A fresh idempotency key per distinct checkout attempt: repeats of the same attempt (double click, retry after a
// dropped connection) reuse it, so the server answers them with the first order instead of placing another.
import { randomId } from '#client/lib/random-id';

export function newIdempotencyKey(): string {
  return `chk_${randomId(32, '0123456789abcdef')}`;
}
