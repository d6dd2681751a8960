// The cart's pure rules: one cart per storefront (an order is placed with one storefront), lines
// keyed by product and choices so adding the same thing twice adds to its quantity.

/** What the buyer chose: one option per variant and values for customization options (the shape order.checkout takes). */
export type CartSelection = {
  variants: Array<{ variantId: string; optionId: string }>;
  customizations: Array<{ optionId: string; value: string }>;
};

export type CartLine = {
  key: string;
  productId: string;
  name: string;
  image: string | null;
  /** Cents, as shown when added; checkout asks the server for the real price. */
  unitPrice: number;
  quantity: number;
  selection: CartSelection;
  /** "Size: Large", "Name engraving: Rosa" — for display only. */
  choiceLabels: string[];
};

export type Cart = { storefrontId: string; lines: CartLine[] };

export const MAX_LINE_QUANTITY = 99;

export const emptyCart = (storefrontId: string): Cart => ({ storefrontId, lines: [] });

/** Same product with the same choices (order-insensitive) gives the same key. */
export function lineKey(productId: string, selection: CartSelection): string {
  const variants = selection.variants.map((v) => `${v.variantId}=${v.optionId}`).sort();
  const customizations = selection.customizations.map((c) => `${c.optionId}=${c.value}`).sort();
  return JSON.stringify([productId, variants, customizations]);
}

const clampQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

export function addLine(cart: Cart, line: Omit<CartLine, 'key'>): Cart {
  const key = lineKey(line.productId, line.selection);
  const existing = cart.lines.find((l) => l.key === key);
  if (!existing) return { ...cart, lines: [...cart.lines, { ...line, key, quantity: clampQuantity(line.quantity) }] };
  return setQuantity(
    { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, unitPrice: line.unitPrice } : l)) },
    key,
    existing.quantity + line.quantity,
  );
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: clampQuantity(quantity) } : l)) };
}

export const removeLine = (cart: Cart, key: string): Cart => ({ ...cart, lines: cart.lines.filter((l) => l.key !== key) });

export const cartSubtotal = (cart: Cart) => cart.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
export const cartCount = (cart: Cart) => cart.lines.reduce((sum, l) => sum + l.quantity, 0);

/** A stored cart read back defensively: anything malformed is dropped rather than crashing the page. */
export function parseCart(storefrontId: string, raw: string | null): Cart {
  if (!raw) return emptyCart(storefrontId);
  try {
    const value = JSON.parse(raw) as Partial<Cart>;
    const lines = Array.isArray(value.lines) ? value.lines.filter(isLine) : [];
    return { storefrontId, lines: lines.map((l) => ({ ...l, quantity: clampQuantity(l.quantity) })) };
  } catch {
    return emptyCart(storefrontId);
  }
}

function isLine(value: unknown): value is CartLine {
  const l = value as CartLine;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.key === 'string' &&
    typeof l.productId === 'string' &&
    typeof l.name === 'string' &&
    Number.isInteger(l.unitPrice) &&
    l.unitPrice >= 0 &&
    Number.isFinite(l.quantity) &&
    Array.isArray(l.selection?.variants) &&
    Array.isArray(l.selection?.customizations) &&
    Array.isArray(l.choiceLabels)
  );
}
