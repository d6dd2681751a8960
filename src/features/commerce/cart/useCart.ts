import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { mirrorCartToCookie } from './cartCookie';
import { addLine, type Cart, type CartLine, emptyCart, parseCart, removeLine, setQuantity } from './cartLines';
import { ServerCartsContext } from './serverCarts';

// Carts live in localStorage, one key per storefront, so a buyer keeps them across visits and
// tabs (the 'storage' event brings another tab's change in). Snapshots are cached per storefront
// because useSyncExternalStore needs the same object until something changes. Each write is copied
// to a cookie for the server's render of the storefront and checkout pages (./cartCookie).

const storageKey = (storefrontId: string) => `inklink-cart:${storefrontId}`;
const snapshots = new Map<string, Cart>();
const listeners = new Set<() => void>();

function storedText(storefrontId: string): string | null {
  try {
    return localStorage.getItem(storageKey(storefrontId));
  } catch {
    // Storage can be unavailable (private mode): the cart then lives for this page only.
    return null;
  }
}

function read(storefrontId: string): Cart {
  const cached = snapshots.get(storefrontId);
  if (cached) return cached;
  const cart = parseCart(storefrontId, storedText(storefrontId));
  snapshots.set(storefrontId, cart);
  return cart;
}

/**
 * The cart a server-rendered page was rendered with. In the browser it becomes the cached cart when
 * the stored one is the same: useSyncExternalStore compares the server's and the browser's snapshots
 * by identity, and two equal carts would render the hydrated page again at once (resetting what was
 * typed in its fields before the app ran, before the app could replay it).
 */
function adoptServerCart(storefrontId: string, text: string | null): Cart {
  const cart = parseCart(storefrontId, text);
  if (typeof window !== 'undefined' && !snapshots.has(storefrontId) && storedText(storefrontId) === text) snapshots.set(storefrontId, cart);
  return cart;
}

function write(cart: Cart) {
  snapshots.set(cart.storefrontId, cart);
  const stored = cart.lines.length ? JSON.stringify(cart) : null;
  try {
    if (stored) localStorage.setItem(storageKey(cart.storefrontId), stored);
    else localStorage.removeItem(storageKey(cart.storefrontId));
  } catch {
    // See read(): keep the in-memory cart.
  }
  mirrorCartToCookie(cart.storefrontId, stored);
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

/**
 * The ways to change a storefront's cart, without reading it: a component that only adds (the
 * product page's Add to Cart) is not rendered again when the cart changes.
 */
export function useCartActions(storefrontId: string) {
  return {
    add: useCallback((line: Omit<CartLine, 'key'>) => write(addLine(read(storefrontId), line)), [storefrontId]),
    setQuantity: useCallback((key: string, quantity: number) => write(setQuantity(read(storefrontId), key, quantity)), [storefrontId]),
    remove: useCallback((key: string) => write(removeLine(read(storefrontId), key)), [storefrontId]),
    clear: useCallback(() => write(emptyCart(storefrontId)), [storefrontId]),
  };
}

/** The cart of one storefront and the ways to change it. */
export function useCart(storefrontId: string) {
  const serverText = useContext(ServerCartsContext)[storefrontId] ?? null;
  const serverCart = useMemo(() => adoptServerCart(storefrontId, serverText), [storefrontId, serverText]);
  const cart = useSyncExternalStore(
    subscribe,
    () => read(storefrontId),
    () => serverCart,
  );
  return { cart, ...useCartActions(storefrontId) };
}
