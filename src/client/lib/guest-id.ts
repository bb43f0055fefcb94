// The guest id ("guest_" + 9 random characters, spec key guestId): owner of a guest's cart and guest orders.
import { randomId } from './random-id';
import { STORAGE } from './storage-keys';

/** The guest id, created once and kept in local storage. */
export function getGuestId(): string {
  let id = localStorage.getItem(STORAGE.guestId);
  if (!id) {
    id = `guest_${randomId(9)}`;
    localStorage.setItem(STORAGE.guestId, id);
  }
  return id;
}
