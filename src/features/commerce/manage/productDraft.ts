import { createProductInput } from '../../../../server/domains/products/inputs';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import type { ProductDetail } from '../types';

// The product form keeps what the seller types (dollars as text); these turn it into the
// product.create / product.update input (cents) and back.

export type OptionDraft = { id?: string; name: string; modifier: string };
export type VariantDraft = { id?: string; name: string; options: OptionDraft[] };
export type ProductDraft = {
  name: string;
  description: string;
  price: string;
  category: string;
  tags: string;
  featured: boolean;
  status: 'draft' | 'active' | 'archived';
  images: string;
  trackInventory: boolean;
  quantity: string;
  lowStockThreshold: string;
  allowBackorders: boolean;
  variants: VariantDraft[];
  customizationOptions: OptionDraft[];
};

export const emptyDraft = (): ProductDraft => ({
  name: '',
  description: '',
  price: '',
  category: '',
  tags: '',
  featured: false,
  status: 'draft',
  images: '',
  trackInventory: false,
  quantity: '0',
  lowStockThreshold: '5',
  allowBackorders: false,
  variants: [],
  customizationOptions: [],
});

const optionDraft = (o: { id: string; name: string; priceModifier: number }): OptionDraft => ({
  id: o.id,
  name: o.name,
  modifier: centsToDollarText(o.priceModifier),
});

export function draftOf(product: ProductDetail): ProductDraft {
  return {
    name: product.name,
    description: product.description,
    price: centsToDollarText(product.price),
    category: product.category ?? '',
    tags: product.tags.join(', '),
    featured: product.featured,
    status: product.status,
    images: product.images.join('\n'),
    trackInventory: product.inventory.trackInventory,
    quantity: String(product.inventory.quantity),
    lowStockThreshold: String(product.inventory.lowStockThreshold),
    allowBackorders: product.inventory.allowBackorders,
    variants: product.variants.map((v) => ({ id: v.id, name: v.name, options: v.options.map(optionDraft) })),
    customizationOptions: product.customizationOptions.map(optionDraft),
  };
}

/** Not-a-number stays NaN so the shared schema answers with its own message. */
const cents = (text: string) => parseDollarsToCents(text) ?? Number.NaN;
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const option = (o: OptionDraft) => ({ id: o.id, name: o.name, priceModifier: o.modifier.trim() === '' ? 0 : cents(o.modifier) });

/** The form as product input, checked by the same schema the server uses: the input or the first message. */
export function draftToInput(storefrontId: string, draft: ProductDraft) {
  const parsed = createProductInput.safeParse({
    storefrontId,
    name: draft.name,
    description: draft.description,
    price: cents(draft.price),
    category: draft.category.trim() || null,
    tags: draft.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    featured: draft.featured,
    status: draft.status,
    images: draft.images
      .split('\n')
      .map((i) => i.trim())
      .filter(Boolean),
    inventory: {
      trackInventory: draft.trackInventory,
      quantity: whole(draft.quantity),
      lowStockThreshold: whole(draft.lowStockThreshold),
      allowBackorders: draft.allowBackorders,
    },
    variants: draft.variants.map((v) => ({ id: v.id, name: v.name, options: v.options.map(option) })),
    customizationOptions: draft.customizationOptions.map(option),
  });
  if (parsed.success) return { ok: true as const, input: parsed.data };
  return { ok: false as const, error: parsed.error.issues[0]?.message ?? 'Check the form' };
}
