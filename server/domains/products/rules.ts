import type {
  OrderItemCustomization,
  OrderItemVariant,
  ProductCustomizationOption,
  ProductStatus,
  ProductVariant,
} from '../../db/schema/storefronts';
import { PRODUCT_MESSAGES } from './messages';

// Pure rules of products (spec 1 §5): availability, price with modifiers, low stock. The product
// page imports these for its live price and availability text; checkout uses the same functions.

type WithOptionalId<T> = Omit<T, 'id'> & { id?: string };
type VariantInput = Omit<ProductVariant, 'id' | 'options'> & { id?: string; options: WithOptionalId<ProductVariant['options'][number]>[] };

/** Gives new variants, options and customization options an id; existing ids are kept. */
export function withVariantIds(variants: VariantInput[], newId: () => string): ProductVariant[] {
  return variants.map((v) => ({ id: v.id ?? newId(), name: v.name, options: v.options.map((o) => ({ id: o.id ?? newId(), name: o.name, priceModifier: o.priceModifier })) }));
}
export function withOptionIds(options: WithOptionalId<ProductCustomizationOption>[], newId: () => string): ProductCustomizationOption[] {
  return options.map((o) => ({ id: o.id ?? newId(), name: o.name, priceModifier: o.priceModifier }));
}

export type StockState = { status: ProductStatus; trackInventory: boolean; quantity: number; allowBackorders: boolean };
export type Availability = { available: boolean; message: string | null; backordered: boolean };

/** Spec 1 §5 availability check: inactive → not available; short stock → backordered or "Only n". */
export function availability(product: StockState, quantity: number): Availability {
  if (product.status !== 'active') return { available: false, message: PRODUCT_MESSAGES.notAvailable, backordered: false };
  if (!product.trackInventory || product.quantity >= quantity) return { available: true, message: null, backordered: false };
  if (product.allowBackorders) return { available: true, message: PRODUCT_MESSAGES.backordered, backordered: true };
  return { available: false, message: PRODUCT_MESSAGES.onlyAvailable(Math.max(0, product.quantity)), backordered: false };
}

/** Spec 1 §5: low stock is quantity at or below the threshold, with tracking on. */
export const isLowStock = (p: { trackInventory: boolean; quantity: number; lowStockThreshold: number }) =>
  p.trackInventory && p.quantity <= p.lowStockThreshold;

/** What a buyer picked: one option per variant, and values for customization options. */
export type Selection = {
  variants?: Array<{ variantId: string; optionId: string }>;
  customizations?: Array<{ optionId: string; value: string }>;
};
export type PricedProduct = { name: string; price: number; variants: ProductVariant[]; customizationOptions: ProductCustomizationOption[] };
export type ResolvedSelection = { variants: OrderItemVariant[]; customizations: OrderItemCustomization[] };

/**
 * Turns a selection into the order line's snapshots from the product's own data (a client's
 * names and modifiers are never trusted). Every variant needs exactly one option; unknown ids are
 * refused. Returns an error text instead of throwing so callers choose the error.
 */
export function resolveSelection(product: PricedProduct, selection: Selection): ResolvedSelection | { error: string } {
  const chosen = new Map<string, string>();
  for (const pick of selection.variants ?? []) {
    if (chosen.has(pick.variantId)) return { error: `${product.name}: choose one option per variant` };
    chosen.set(pick.variantId, pick.optionId);
  }
  const variants: OrderItemVariant[] = [];
  for (const variant of product.variants) {
    const optionId = chosen.get(variant.id);
    if (!optionId) return { error: `${product.name}: choose a ${variant.name}` };
    const option = variant.options.find((o) => o.id === optionId);
    if (!option) return { error: `${product.name}: that ${variant.name} is not offered` };
    variants.push({ variantId: variant.id, variantName: variant.name, optionId: option.id, optionName: option.name, priceModifier: option.priceModifier });
    chosen.delete(variant.id);
  }
  if (chosen.size > 0) return { error: `${product.name}: that option is not offered` };

  const customizations: OrderItemCustomization[] = [];
  const seen = new Set<string>();
  for (const pick of selection.customizations ?? []) {
    const option = product.customizationOptions.find((o) => o.id === pick.optionId);
    if (!option || seen.has(option.id)) return { error: `${product.name}: that customization is not offered` };
    seen.add(option.id);
    customizations.push({ optionId: option.id, optionName: option.name, value: pick.value, priceModifier: option.priceModifier });
  }
  return { variants, customizations };
}

/** Spec 1 §5: the base price plus every variant and customization modifier, never below 0. */
export function unitPrice(basePrice: number, selection: ResolvedSelection): number {
  const modifiers = [...selection.variants, ...selection.customizations].reduce((sum, m) => sum + m.priceModifier, 0);
  return Math.max(0, basePrice + modifiers);
}
