// A guest's forgotten-cart reminders (decision 275): when she ticks the checkout's consent box with her e-mail, her
// cart is saved on the server under that address and the key the server answers (kept here with the address); while
// the key is kept, her cart's changes are sent again (an empty cart stops the reminders), and unticking forgets it.
// Loaded only by the cart page's and checkout's chunks, never by the first page load.
import { useEffect } from 'react';
import type { CartItem } from './cart-store';
import { trpcClient } from './trpc';

/** Not one of the spec's keys (storage-keys.ts is in the first load; this file is not). */
const REMINDER_KEY = 'cartReminder';

interface Saved {
  key: string;
  email: string;
}

export function savedReminder(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(REMINDER_KEY) ?? 'null') as Saved | null;
    return v && typeof v.key === 'string' && typeof v.email === 'string' ? v : null;
  } catch {
    return null;
  }
}

const linesOf = (items: CartItem[]) =>
  items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity }));

/** Saves this guest's cart for reminders to `email` (consent given); the server's key is kept. */
export async function saveGuestReminder(email: string, items: CartItem[]): Promise<void> {
  const key = savedReminder()?.key;
  const r = await trpcClient.cartReminders.saveGuest.mutate({ email, consent: true, items: linesOf(items), key });
  if (r.key) localStorage.setItem(REMINDER_KEY, JSON.stringify({ key: r.key, email }));
}

/** Consent withdrawn: the server forgets the saved cart, the browser its key. */
export async function forgetGuestReminder(): Promise<void> {
  const saved = savedReminder();
  localStorage.removeItem(REMINDER_KEY);
  if (saved)
    await trpcClient.cartReminders.saveGuest.mutate({ email: saved.email, consent: false, items: [], key: saved.key });
}

/** On the cart page: a consenting guest's cart changes reach her saved cart (a second after the last change). */
export function useGuestCartSync(items: CartItem[], signedIn: boolean): void {
  const lines = JSON.stringify(linesOf(items));
  useEffect(() => {
    const saved = savedReminder();
    if (!saved || signedIn) return;
    const timer = setTimeout(() => void saveGuestReminder(saved.email, items).catch(() => {}), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines' content, not the array's identity
  }, [lines, signedIn]);
}
