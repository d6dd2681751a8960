import { describe, expect, it } from 'vitest';
import { DEFAULT_STOREFRONT_SETTINGS, ORDER_STATUS_VALUES, type OrderStatus } from '../../server/db/schema/storefronts';
import { checkoutInput } from '../../server/domains/orders/inputs';
import {
  awaitingCardPayment,
  canMove,
  nextStatuses,
  ORDER_NUMBER_PATTERN,
  orderAmounts,
  orderNumber,
  sourcesOf,
  statusLabel,
  statusNotice,
} from '../../server/domains/orders/rules';
import { createProductInput } from '../../server/domains/products/inputs';
import { availability, isLowStock, resolveSelection, unitPrice } from '../../server/domains/products/rules';
import { mergeSettings, settingsView, startOfLocal, weekChangePercent, weekChangeText } from '../../server/domains/storefronts/rules';

const settings = (taxRateBps: number, shippingRate: number, freeShippingThreshold: number) => ({ taxRateBps, shippingRate, freeShippingThreshold });

describe('order amounts (spec 1 §5)', () => {
  it.each([
    // subtotal, tax bps, shipping rate, threshold, method → tax, shipping, total
    [10_000, 825, 599, 0, 'shipping', 825, 599, 11_424], // threshold 0: never free
    [10_000, 825, 599, 10_000, 'shipping', 825, 0, 10_825], // reaching the threshold ships free
    [9_999, 825, 599, 10_000, 'shipping', 825, 599, 11_423], // a cent under it does not (tax 824.9 → 825)
    [10_000, 825, 599, 0, 'pickup', 825, 0, 10_825], // pickup never pays shipping
    [1_999, 0, 500, 5_000, 'shipping', 0, 500, 2_499],
    [333, 1000, 0, 0, 'shipping', 33, 0, 366], // 33.3 rounds to 33
    [335, 1000, 0, 0, 'shipping', 34, 0, 369], // 33.5 rounds half up to 34
    [0, 825, 0, 0, 'pickup', 0, 0, 0],
  ] as const)('subtotal %i, tax %i bps, rate %i, threshold %i, %s → tax %i, shipping %i, total %i', (subtotal, bps, rate, threshold, method, tax, shipping, total) => {
    expect(orderAmounts(subtotal, settings(bps, rate, threshold), method)).toEqual({ subtotal, tax, shipping, discount: 0, total });
  });
});

describe('unit price with modifiers (spec 1 §5)', () => {
  const product = {
    name: 'Tee',
    price: 2000,
    variants: [
      { id: 'size', name: 'Size', options: [{ id: 's', name: 'S', priceModifier: 0 }, { id: 'xl', name: 'XL', priceModifier: 300 }] },
      { id: 'fit', name: 'Fit', options: [{ id: 'std', name: 'Standard', priceModifier: 0 }, { id: 'sale', name: 'Clearance', priceModifier: -2500 }] },
    ],
    customizationOptions: [{ id: 'name', name: 'Name print', priceModifier: 450 }],
  };
  const resolved = (selection: Parameters<typeof resolveSelection>[1]) => {
    const r = resolveSelection(product, selection);
    if ('error' in r) throw new Error(r.error);
    return r;
  };
  it('adds variant and customization modifiers', () => {
    const selection = resolved({ variants: [{ variantId: 'size', optionId: 'xl' }, { variantId: 'fit', optionId: 'std' }], customizations: [{ optionId: 'name', value: 'ADA' }] });
    expect(unitPrice(product.price, selection)).toBe(2750);
    expect(selection.customizations).toEqual([{ optionId: 'name', optionName: 'Name print', value: 'ADA', priceModifier: 450 }]);
  });
  it('never goes below 0', () => {
    expect(unitPrice(product.price, resolved({ variants: [{ variantId: 'size', optionId: 's' }, { variantId: 'fit', optionId: 'sale' }] }))).toBe(0);
  });
  it('needs one option per variant and refuses unknown options', () => {
    expect(resolveSelection(product, { variants: [{ variantId: 'size', optionId: 's' }] })).toEqual({ error: 'Tee: choose a Fit' });
    expect(resolveSelection(product, { variants: [{ variantId: 'size', optionId: 'xxl' }, { variantId: 'fit', optionId: 'std' }] })).toEqual({ error: 'Tee: that Size is not offered' });
    expect(resolveSelection(product, { variants: [{ variantId: 'size', optionId: 's' }, { variantId: 'fit', optionId: 'std' }, { variantId: 'color', optionId: 'red' }] })).toEqual({
      error: 'Tee: that option is not offered',
    });
    expect(resolveSelection({ ...product, variants: [] }, { customizations: [{ optionId: 'engrave', value: 'x' }] })).toEqual({ error: 'Tee: that customization is not offered' });
  });
});

describe('availability and low stock (spec 1 §5)', () => {
  const base = { status: 'active' as const, trackInventory: true, quantity: 3, allowBackorders: false };
  it.each([
    [{ ...base, status: 'draft' as const }, 1, false, 'Product is not available'],
    [{ ...base, status: 'archived' as const }, 1, false, 'Product is not available'],
    [base, 3, true, null],
    [base, 4, false, 'Only 3 items available'],
    [{ ...base, quantity: -2 }, 1, false, 'Only 0 items available'],
    [{ ...base, allowBackorders: true }, 10, true, 'Item will be backordered'],
    [{ ...base, trackInventory: false, quantity: 0 }, 99, true, null],
  ])('%o × %i → %s %s', (product, quantity, available, message) => {
    expect(availability(product, quantity)).toMatchObject({ available, message });
  });
  it('is low at or below the threshold with tracking on', () => {
    expect(isLowStock({ trackInventory: true, quantity: 5, lowStockThreshold: 5 })).toBe(true);
    expect(isLowStock({ trackInventory: true, quantity: 6, lowStockThreshold: 5 })).toBe(false);
    expect(isLowStock({ trackInventory: false, quantity: 0, lowStockThreshold: 5 })).toBe(false);
  });
});

describe('order transitions (spec 1 §4)', () => {
  const legal: Array<[OrderStatus, OrderStatus]> = [
    ['pending', 'confirmed'],
    ['pending', 'shipped'], // a cash order's first tracking number (an unpaid card order: see below)
    ['pending', 'cancelled'],
    ['confirmed', 'processing'],
    ['confirmed', 'shipped'],
    ['confirmed', 'cancelled'],
    ['processing', 'shipped'],
    ['shipped', 'delivered'],
    ['delivered', 'completed'],
  ];
  const all = ORDER_STATUS_VALUES.flatMap((from) => ORDER_STATUS_VALUES.map((to) => [from, to] as [OrderStatus, OrderStatus]));
  it.each(all)('%s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(legal.some(([f, t]) => f === from && t === to));
  });
  it('cancels only from pending or confirmed', () => {
    expect(sourcesOf('cancelled')).toEqual(['pending', 'confirmed']);
  });
  it('lets a pending cash order ship, and a pending card order only be cancelled until its charge goes through', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(nextStatuses({ status: 'pending', paymentMethod: 'cash', paidAt: null })).toEqual(['confirmed', 'shipped', 'cancelled']);
    expect(nextStatuses({ status: 'pending', paymentMethod: 'stripe', paidAt: null })).toEqual(['cancelled']);
    expect(awaitingCardPayment({ status: 'pending', paymentMethod: 'stripe', paidAt: null })).toBe(true);
    expect(nextStatuses({ status: 'pending', paymentMethod: 'stripe', paidAt: at })).toEqual(['confirmed', 'shipped', 'cancelled']);
    expect(nextStatuses({ status: 'confirmed', paymentMethod: 'stripe', paidAt: at })).toEqual(['processing', 'shipped', 'cancelled']);
  });
});

describe('order status words', () => {
  it('reads a pickup order as ready for pickup and picked up, a shipped one as shipped and delivered', () => {
    expect([statusLabel('shipped', 'shipping'), statusLabel('delivered', 'shipping')]).toEqual(['Shipped', 'Delivered']);
    expect([statusLabel('shipped', 'pickup'), statusLabel('delivered', 'pickup')]).toEqual(['Ready for Pickup', 'Picked Up']);
    expect(statusLabel('processing', 'pickup')).toBe('Processing');
    expect(statusNotice('ORD-20261126-0042', 'shipped', 'pickup')).toEqual({
      title: 'Order ready for pickup',
      body: 'Your order ORD-20261126-0042 is ready for pickup.',
    });
    expect(statusNotice('ORD-20261126-0042', 'processing', 'shipping').body).toBe('Your order ORD-20261126-0042 is being prepared.');
  });
});

describe('order number (spec 1 §9)', () => {
  it('is ORD-yyyymmdd-#### with the date in the storefront timezone', () => {
    const at = new Date('2026-03-01T05:30:00Z'); // still Feb 28 in Los Angeles
    expect(orderNumber(at, 'America/Los_Angeles', 7)).toBe('ORD-20260228-0007');
    expect(orderNumber(at, 'America/New_York', 9999)).toBe('ORD-20260301-9999');
    expect(orderNumber(at, 'America/New_York', 42)).toMatch(ORDER_NUMBER_PATTERN);
  });
});

describe('storefront settings and analytics rules', () => {
  it('speaks percent and stores basis points', () => {
    const merged = mergeSettings(DEFAULT_STOREFRONT_SETTINGS, { taxRate: 8.25, shippingRate: 500 });
    expect(merged).toMatchObject({ taxRateBps: 825, shippingRate: 500, processingTimeBusinessDays: 3 });
    expect(settingsView(merged).taxRate).toBe(8.25);
  });
  it.each([
    ['2027-03-10T05:30:00Z', 'America/New_York', '2027-03-10T05:00:00.000Z', '2027-03-01T05:00:00.000Z'],
    ['2027-03-10T04:30:00Z', 'America/New_York', '2027-03-09T05:00:00.000Z', '2027-03-01T05:00:00.000Z'],
    // After the spring-forward of March 14: today's midnight is EDT, the 1st was EST.
    ['2027-03-20T12:00:00Z', 'America/New_York', '2027-03-20T04:00:00.000Z', '2027-03-01T05:00:00.000Z'],
    ['2027-11-01T06:59:59Z', 'America/Los_Angeles', '2027-10-31T07:00:00.000Z', '2027-10-01T07:00:00.000Z'],
    ['2027-07-04T09:00:00Z', 'Pacific/Honolulu', '2027-07-03T10:00:00.000Z', '2027-07-01T10:00:00.000Z'],
  ])('at %s in %s today began %s and the month %s', (at, timezone, day, month) => {
    expect(startOfLocal(new Date(at), timezone, 'day').toISOString()).toBe(day);
    expect(startOfLocal(new Date(at), timezone, 'month').toISOString()).toBe(month);
  });
  it('compares the week with a quarter of the month', () => {
    expect(weekChangePercent(5000, 10_000)).toBe(100);
    expect(weekChangePercent(2500, 10_000)).toBe(0);
    expect(weekChangePercent(1000, 12_000)).toBe(-66.7);
    expect(weekChangePercent(1000, 0)).toBeNull();
  });
  it('says in words what the week is compared with, and the number is that comparison', () => {
    // All of the month's sales in the last 7 days: four times the quarter it is compared with.
    expect(weekChangeText(20_000, 20_000)).toBe("+300% vs. $50.00, a quarter of this month's sales ($200.00)");
    expect(weekChangeText(2500, 10_000)).toBe("0% vs. $25.00, a quarter of this month's sales ($100.00)");
    // $10.00 is 66.7% below the $30.00 named.
    expect(weekChangeText(1000, 12_000)).toBe("-66.7% vs. $30.00, a quarter of this month's sales ($120.00)");
    expect(weekChangeText(0, 0)).toBe('No sales this month yet');
  });
});

describe('inputs carry the spec messages', () => {
  const issue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
  it('product name and price', () => {
    const storefrontId = crypto.randomUUID();
    expect(issue(createProductInput.safeParse({ storefrontId, name: ' ', price: 100 }))).toBe('Product name is required');
    expect(issue(createProductInput.safeParse({ storefrontId, name: 'Balm', price: 0 }))).toBe('Product price must be greater than 0');
  });
  it('an empty cart', () => {
    expect(issue(checkoutInput.safeParse({ storefrontId: crypto.randomUUID(), items: [], fulfillmentMethod: 'pickup' }))).toBe('Cart is empty');
  });
});
