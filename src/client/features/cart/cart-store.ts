// The shopper's cart in local storage (spec keys: cartItemsByUser keyed by user id or guest id).
// Owned by the cart work, which adds server sync for signed-in users and guest-cart merging.
import { useSyncExternalStore } from 'react';
import { STORAGE } from '../../lib/storage-keys';

export interface CartItem {
  cartItemId: string;
  productVariantId: number;
  productId: number;
  productName: string;
  productPrice: number;
  quantity: number;
  size: string;
  color: string;
  imageUrl: string;
  stockQuantity: number;
}

const CHANGE_EVENT = 'butiku:cart';

function randomId(length: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
}

/** The guest id ("guest_" + 9 random characters), created once and kept in local storage. */
export function getGuestId(): string {
  let id = localStorage.getItem(STORAGE.guestId);
  if (!id) {
    id = `guest_${randomId(9)}`;
    localStorage.setItem(STORAGE.guestId, id);
  }
  return id;
}

/** The key of the current cart: the signed-in user's id, otherwise the guest id. */
export function cartOwnerKey(): string {
  return localStorage.getItem(STORAGE.userId) && localStorage.getItem(STORAGE.authToken) ? String(localStorage.getItem(STORAGE.userId)) : getGuestId();
}

function readAll(): Record<string, CartItem[]> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE.cartItemsByUser) ?? '{}') as Record<string, CartItem[]>;
  } catch {
    return {};
  }
}

export function readCart(owner = cartOwnerKey()): CartItem[] {
  return readAll()[owner] ?? [];
}

export function writeCart(items: CartItem[], owner = cartOwnerKey()): void {
  const all = readAll();
  all[owner] = items;
  localStorage.setItem(STORAGE.cartItemsByUser, JSON.stringify(all));
  localStorage.setItem(STORAGE.cartItems, JSON.stringify(items));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export type AddResult = 'added' | 'incremented' | 'max-reached';

/** Adds one unit of a variant: increments an existing line (capped by stock) or appends a new line. */
export function addToCart(item: Omit<CartItem, 'cartItemId' | 'quantity'>, quantity = 1): AddResult {
  const items = readCart();
  const existing = items.find((i) => i.productVariantId === item.productVariantId);
  if (existing) {
    if (existing.quantity + quantity > item.stockQuantity) return 'max-reached';
    existing.quantity += quantity;
    existing.stockQuantity = item.stockQuantity;
    writeCart(items);
    return 'incremented';
  }
  if (quantity > item.stockQuantity) return 'max-reached';
  items.push({ ...item, quantity, cartItemId: `local_${randomId(8)}` });
  writeCart(items);
  return 'added';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('butiku:session', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('butiku:session', onChange);
  };
}

let lastRaw = '';
let lastItems: CartItem[] = [];
function snapshot(): CartItem[] {
  const raw = `${cartOwnerKey()}|${localStorage.getItem(STORAGE.cartItemsByUser) ?? ''}`;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastItems = readCart();
  }
  return lastItems;
}

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}

export function useCartCount(): number {
  return useCartItems().reduce((n, i) => n + i.quantity, 0);
}
