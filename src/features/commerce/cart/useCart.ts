import { useCallback, useSyncExternalStore } from 'react';
import { addLine, type Cart, type CartLine, emptyCart, parseCart, removeLine, setQuantity } from './cartLines';

// Carts live in localStorage, one key per storefront, so a buyer keeps them across visits and
// tabs (the 'storage' event brings another tab's change in). Snapshots are cached per storefront
// because useSyncExternalStore needs the same object until something changes.

const storageKey = (storefrontId: string) => `inklink-cart:${storefrontId}`;
const snapshots = new Map<string, Cart>();
const listeners = new Set<() => void>();

function read(storefrontId: string): Cart {
  const cached = snapshots.get(storefrontId);
  if (cached) return cached;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(storefrontId));
  } catch {
    // Storage can be unavailable (private mode): the cart then lives for this page only.
  }
  const cart = parseCart(storefrontId, raw);
  snapshots.set(storefrontId, cart);
  return cart;
}

function write(cart: Cart) {
  snapshots.set(cart.storefrontId, cart);
  try {
    if (cart.lines.length) localStorage.setItem(storageKey(cart.storefrontId), JSON.stringify(cart));
    else localStorage.removeItem(storageKey(cart.storefrontId));
  } catch {
    // See read(): keep the in-memory cart.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (!event.key?.startsWith('inklink-cart:')) return;
    snapshots.delete(event.key.slice('inklink-cart:'.length));
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart of one storefront and the ways to change it. */
export function useCart(storefrontId: string) {
  const cart = useSyncExternalStore(subscribe, () => read(storefrontId));
  return {
    cart,
    add: useCallback((line: Omit<CartLine, 'key'>) => write(addLine(read(storefrontId), line)), [storefrontId]),
    setQuantity: useCallback((key: string, quantity: number) => write(setQuantity(read(storefrontId), key, quantity)), [storefrontId]),
    remove: useCallback((key: string) => write(removeLine(read(storefrontId), key)), [storefrontId]),
    clear: useCallback(() => write(emptyCart(storefrontId)), [storefrontId]),
  };
}
