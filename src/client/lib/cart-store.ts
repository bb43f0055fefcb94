// The shopper's cart in local storage (spec keys: cartItemsByUser keyed by user id or guest id, cartItems), and
// its server copy for signed-in shoppers: new lines and quantity changes are sent to /api/cartitems (tRPC cart.*),
// and on sign-in the guest cart (plus any line not yet synced) is merged into the user's server cart, which then
// replaces the local copy, so a cart follows its owner to another device. Server calls run one at a time.
import { useSyncExternalStore } from 'react';
import type { CartItemDto } from '#shared/dto/checkout';
import { readSession } from './session';
import { getGuestId } from './guest-id';
import { randomId } from './random-id';
import { STORAGE } from './storage-keys';
import { trpcClient } from './trpc';

/** A local cart line: the server cart line's fields, with a string id (local lines start as "local_…"). */
export interface CartItem extends Omit<CartItemDto, 'cartItemId'> {
  cartItemId: string;
}

const CHANGE_EVENT = 'butiku:cart';
const SESSION_EVENT = 'butiku:session';

/** The key of the current cart: the signed-in user's id, otherwise the guest id. */
export function cartOwnerKey(): string {
  return localStorage.getItem(STORAGE.userId) && localStorage.getItem(STORAGE.authToken)
    ? String(localStorage.getItem(STORAGE.userId))
    : getGuestId();
}

function readAll(): Record<string, CartItem[]> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE.cartItemsByUser) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, CartItem[]>) : {};
  } catch {
    return {};
  }
}

export function readCart(owner = cartOwnerKey()): CartItem[] {
  const items = readAll()[owner];
  return Array.isArray(items) ? items : [];
}

export function writeCart(items: CartItem[], owner = cartOwnerKey()): void {
  const all = readAll();
  if (items.length) all[owner] = items;
  else delete all[owner];
  localStorage.setItem(STORAGE.cartItemsByUser, JSON.stringify(all));
  if (owner === cartOwnerKey()) localStorage.setItem(STORAGE.cartItems, JSON.stringify(items));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** A line that exists on the server has the server's numeric id; local-only lines have "local_…" ids. */
export const isSynced = (item: Pick<CartItem, 'cartItemId'>): boolean => /^\d+$/.test(item.cartItemId);

const fromServer = (l: CartItemDto): CartItem => ({ ...l, cartItemId: String(l.cartItemId) });

// ---------------------------------------------------------------------------------------------------------
// Server sync (signed-in shoppers only). One call at a time, in order.

let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function signedInKey(): string | null {
  const s = readSession();
  return s && s.userId ? String(s.userId) : null;
}

/** Replaces one line (matched by variant) of a user's local cart with the server's version. */
function applyServerLine(owner: string, line: CartItemDto): void {
  const items = readCart(owner).map((i) => (i.productVariantId === line.productVariantId ? fromServer(line) : i));
  writeCart(items, owner);
}

function pushAdd(owner: string, productVariantId: number, quantity: number): void {
  void enqueue(async () => {
    if (signedInKey() !== owner) return;
    try {
      applyServerLine(owner, await trpcClient.cart.add.mutate({ productVariantId, quantity }));
    } catch {
      // Kept locally; the next sign-in or cart visit merges lines the server does not have yet.
    }
  });
}

/**
 * Brings the local cart of the signed-in user in line with the server: the guest cart's quantities are added and
 * the user's lines not yet synced are raised to their local quantity (their add may have reached the server before
 * a reload cut off its answer: adding them again would count them twice), capped by stock; then the server's cart
 * replaces the local copy.
 */
export function reconcileCart(): Promise<void> {
  return enqueue(async () => {
    const owner = signedInKey();
    if (!owner) return;
    const guestKey = getGuestId();
    const guest = readCart(guestKey);
    const unsynced = readCart(owner).filter((i) => !isSynced(i));
    const items = [
      ...guest.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity, mode: 'add' as const })),
      ...unsynced.map((i) => ({
        productVariantId: i.productVariantId,
        quantity: i.quantity,
        mode: 'atLeast' as const,
      })),
    ];
    try {
      const server = await trpcClient.cart.merge.mutate({ items });
      if (signedInKey() !== owner) return;
      writeCart(server.map(fromServer), owner);
      if (guest.length) writeCart([], guestKey);
    } catch {
      // Offline or signed out meanwhile: the local cart stays as it is and is merged next time.
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Cart operations used by the product page, the cart page and checkout.

export type AddResult = 'added' | 'incremented' | 'max-reached';

/** Adds units of a variant: increments an existing line (capped by stock) or appends a new line. */
export function addToCart(item: Omit<CartItem, 'cartItemId' | 'quantity'>, quantity = 1): AddResult {
  const owner = cartOwnerKey();
  const items = readCart(owner);
  const existing = items.find((i) => i.productVariantId === item.productVariantId);
  let result: AddResult;
  if (existing) {
    if (existing.quantity + quantity > item.stockQuantity) return 'max-reached';
    existing.quantity += quantity;
    existing.stockQuantity = item.stockQuantity;
    result = 'incremented';
  } else {
    if (quantity > item.stockQuantity) return 'max-reached';
    items.push({ ...item, quantity, cartItemId: `local_${randomId(8)}` });
    result = 'added';
  }
  writeCart(items, owner);
  if (signedInKey() === owner) pushAdd(owner, item.productVariantId, quantity);
  return result;
}

/** Sets a line's quantity locally (the caller has checked 1 ≤ quantity ≤ stock) and on the server. */
export function setLineQuantity(cartItemId: string, quantity: number, stockQuantity?: number): void {
  const owner = cartOwnerKey();
  const items = readCart(owner).map((i) =>
    i.cartItemId === cartItemId ? { ...i, quantity, stockQuantity: stockQuantity ?? i.stockQuantity } : i,
  );
  writeCart(items, owner);
  const line = items.find((i) => i.cartItemId === cartItemId);
  if (line && isSynced(line) && signedInKey() === owner) {
    void enqueue(async () => {
      try {
        applyServerLine(owner, await trpcClient.cart.setQuantity.mutate({ cartItemId: Number(cartItemId), quantity }));
      } catch {
        // The local quantity stands; the order is checked against stock on the server anyway.
      }
    });
  }
}

/** Removes a line: on the server for a synced line of a signed-in shopper, and locally even if that fails. */
export async function removeLine(cartItemId: string): Promise<void> {
  const owner = cartOwnerKey();
  const line = readCart(owner).find((i) => i.cartItemId === cartItemId);
  if (line && isSynced(line) && signedInKey() === owner) {
    await enqueue(async () => {
      try {
        await trpcClient.cart.remove.mutate({ cartItemId: Number(cartItemId) });
      } catch {
        // Spec: a failed server deletion is applied locally only.
      }
    });
  }
  writeCart(
    readCart(owner).filter((i) => i.cartItemId !== cartItemId),
    owner,
  );
}

/** Updates price, stock and names of local lines from a server quote (the shop's numbers win). */
export function refreshLines(
  updates: ReadonlyArray<
    Pick<
      CartItem,
      'productVariantId' | 'productName' | 'productPrice' | 'size' | 'color' | 'imageUrl' | 'stockQuantity'
    >
  >,
): void {
  const owner = cartOwnerKey();
  const byVariant = new Map(updates.map((u) => [u.productVariantId, u]));
  let changed = false;
  const items = readCart(owner).map((i) => {
    const u = byVariant.get(i.productVariantId);
    if (!u) return i;
    const next = {
      ...i,
      productName: u.productName,
      productPrice: u.productPrice,
      size: u.size,
      color: u.color,
      imageUrl: u.imageUrl || i.imageUrl,
      stockQuantity: u.stockQuantity,
    };
    if (JSON.stringify(next) !== JSON.stringify(i)) changed = true;
    return next;
  });
  if (changed) writeCart(items, owner);
}

/** Empties the current owner's local cart (after an order; the server empties its copy itself). */
export function clearCart(owner = cartOwnerKey()): void {
  writeCart([], owner);
}

// ---------------------------------------------------------------------------------------------------------
// React bindings

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
}

/** Server render and hydration: an empty cart (one array, so React sees a stable snapshot). */
const NO_ITEMS: CartItem[] = [];
const serverSnapshot = () => NO_ITEMS;

let lastRaw = '';
let lastItems: CartItem[] = NO_ITEMS;
/** The cart as stored; an empty one is the server's own array, so hydrating a page for a shopper with nothing in
 *  the cart does not make React re-render every cart reader at once after hydration (decision 214). */
function snapshot(): CartItem[] {
  const raw = `${cartOwnerKey()}|${localStorage.getItem(STORAGE.cartItemsByUser) ?? ''}`;
  if (raw !== lastRaw) {
    lastRaw = raw;
    const items = readCart();
    lastItems = items.length > 0 ? items : NO_ITEMS;
  }
  return lastItems;
}

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

export function useCartCount(): number {
  return useCartItems().reduce((n, i) => n + i.quantity, 0);
}

// On sign-in (and once at start-up when already signed in) merge the guest cart into the user's server cart.
let reconciledFor: string | null = null;
function onSession(): void {
  const owner = signedInKey();
  if (owner && owner !== reconciledFor) {
    reconciledFor = owner;
    void reconcileCart();
  } else if (!owner) {
    reconciledFor = null;
  }
}
if (typeof window !== 'undefined') {
  window.addEventListener(SESSION_EVENT, onSession);
  queueMicrotask(onSession);
}
