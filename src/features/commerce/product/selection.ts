import { type ResolvedSelection, resolveSelection, unitPrice } from '../../../../server/domains/products/rules';
import type { CartSelection } from '../cart/cartLines';
import type { ProductDetail } from '../types';
import type { Choices } from './ProductChoices';

/** The page's choices as order.checkout's selection (customizations left empty are not chosen). */
export function toSelection(choices: Choices): CartSelection {
  return {
    variants: Object.entries(choices.variants).map(([variantId, optionId]) => ({ variantId, optionId })),
    customizations: Object.entries(choices.customizations)
      .map(([optionId, value]) => ({ optionId, value: value.trim() }))
      .filter((c) => c.value !== ''),
  };
}

/** "Size: Large", "Engraving: Rosa" for the cart and order lines. */
export const choiceLabels = (resolved: ResolvedSelection) => [
  ...resolved.variants.map((v) => `${v.variantName}: ${v.optionName}`),
  ...resolved.customizations.map((c) => `${c.optionName}: ${c.value}`),
];

/** The live price with the same rule the server applies at checkout (modifiers, never below 0). */
export function pricedSelection(product: ProductDetail, choices: Choices) {
  const selection = toSelection(choices);
  const resolved = resolveSelection(product, selection);
  if ('error' in resolved) return { selection, error: resolved.error } as const;
  return { selection, resolved, unitPrice: unitPrice(product.price, resolved), labels: choiceLabels(resolved) } as const;
}
