import { z } from 'zod';
import {
  createProductInput,
  customizationOptionInput,
  inventoryInput,
  variantInput,
  variantOptionInput,
} from '../../../../server/domains/products/inputs';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import type { ProductDetail } from '../types';

// The product form keeps what the seller types (dollars and tags as text). Its
// schema turns each text into the product input's value and pipes it into the server's own
// schema for that field, so every message is the server's and stands under its field.

/** Not an amount stays NaN so the server's schema answers with its own message. */
const dollars = z.string().transform((text) => parseDollarsToCents(text) ?? Number.NaN);
const whole = z.string().transform((text) => (text.trim() === '' ? Number.NaN : Number(text)));
const list = (separator: string) =>
  z.string().transform((text) =>
    text
      .split(separator)
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** An empty modifier is no modifier. */
const modifier = z.string().transform((text) => (text.trim() === '' ? 0 : (parseDollarsToCents(text) ?? Number.NaN)));

const option = (server: typeof variantOptionInput | typeof customizationOptionInput) =>
  z
    .object({ id: z.string().optional(), name: server.shape.name, modifier: modifier.pipe(server.shape.priceModifier.unwrap()) })
    .transform(({ modifier, ...rest }) => ({ ...rest, priceModifier: modifier }));

/**
 * A list's own limits (at least one option, at most ten variants) come from the server's schema
 * for the whole list; its rows were checked field by field before.
 */
const listLimits = (server: z.ZodType) => (rows: unknown[], ctx: z.RefinementCtx) => {
  const checked = server.safeParse(rows);
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
};

const product = createProductInput.shape;
const inventory = inventoryInput.shape;

export const productFormSchema = z.object({
  name: product.name,
  description: product.description.unwrap(),
  price: dollars.pipe(product.price),
  category: z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(product.category.unwrap()),
  tags: list(',').pipe(product.tags.unwrap()),
  featured: z.boolean(),
  status: product.status.unwrap(),
  trackInventory: z.boolean(),
  quantity: whole.pipe(inventory.quantity),
  lowStockThreshold: whole.pipe(inventory.lowStockThreshold),
  allowBackorders: z.boolean(),
  variants: z
    .array(
      z.object({
        id: z.string().optional(),
        name: variantInput.shape.name,
        options: z.array(option(variantOptionInput)).superRefine(listLimits(variantInput.shape.options)),
      }),
    )
    .superRefine(listLimits(product.variants)),
  customizationOptions: z.array(option(customizationOptionInput)).superRefine(listLimits(product.customizationOptions)),
});

export type ProductDraft = z.input<typeof productFormSchema>;
export type OptionDraft = ProductDraft['customizationOptions'][number];
export type ProductValues = z.output<typeof productFormSchema>;

export const emptyDraft = (): ProductDraft => ({
  name: '',
  description: '',
  price: '',
  category: '',
  tags: '',
  featured: false,
  status: 'draft',
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
    trackInventory: product.inventory.trackInventory,
    quantity: String(product.inventory.quantity),
    lowStockThreshold: String(product.inventory.lowStockThreshold),
    allowBackorders: product.inventory.allowBackorders,
    variants: product.variants.map((v) => ({ id: v.id, name: v.name, options: v.options.map(optionDraft) })),
    customizationOptions: product.customizationOptions.map(optionDraft),
  };
}

/** The checked form as the fields of product.create / product.update. */
export function productFields({ trackInventory, quantity, lowStockThreshold, allowBackorders, ...fields }: ProductValues) {
  return { ...fields, inventory: { trackInventory, quantity, lowStockThreshold, allowBackorders } };
}
