// The guest id (spec key guestId): owner of a guest's cart and guest orders, and the proof that opens a guest's order
// page (the confirmation e-mail's link carries it). Decision 175: "guest_" + 24 characters of a 32-letter alphabet
// from the CSPRNG = 120 random bits, so the link is a capability nobody can guess. Ids made before that rule
// ("guest_" + 9 characters, ~46 bits) are replaced on first read, their local cart moved to the new id.
import { randomId } from './random-id';
import { STORAGE } from './storage-keys';

/** 32 letters (a power of two: every byte maps without bias); no 0/o, 1/l look-alikes. */
const GUEST_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const GUEST_ID_RANDOM_CHARS = 24;
const STRONG = new RegExp(`^guest_[a-z0-9]{${GUEST_ID_RANDOM_CHARS},}$`);

/** Moves the local cart kept under an old guest id to the new one (cartItemsByUser is keyed by owner). */
function moveCart(from: string, to: string): void {
  try {
    const all = JSON.parse(localStorage.getItem(STORAGE.cartItemsByUser) ?? '{}') as Record<string, unknown>;
    if (all && typeof all === 'object' && !Array.isArray(all) && from in all) {
      all[to] = all[from];
      delete all[from];
      localStorage.setItem(STORAGE.cartItemsByUser, JSON.stringify(all));
    }
  } catch {
    // An unreadable cart map is the cart store's to repair; the new id stands either way.
  }
}

/** The guest id, created once and kept in local storage (a weak id from before decision 175 is replaced). */
export function getGuestId(): string {
  const stored = localStorage.getItem(STORAGE.guestId);
  if (stored && STRONG.test(stored)) return stored;
  const id = `guest_${randomId(GUEST_ID_RANDOM_CHARS, GUEST_ALPHABET)}`;
  localStorage.setItem(STORAGE.guestId, id);
  if (stored) moveCart(stored, id);
  return id;
}
