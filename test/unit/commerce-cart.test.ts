import { describe, expect, it } from 'vitest';
import {
  addLine,
  cartCount,
  cartSubtotal,
  emptyCart,
  lineKey,
  MAX_LINE_QUANTITY,
  parseCart,
  removeLine,
  setQuantity,
} from '../../src/features/commerce/cart/cartLines';
import { TEST_CARDS } from '../../src/features/commerce/checkout/testCards';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../server/providers/payments/types';

const balm = {
  productId: 'p1',
  name: 'Aftercare balm',
  image: null,
  unitPrice: 1250,
  quantity: 1,
  selection: { variants: [{ variantId: 'size', optionId: 'large' }], customizations: [] },
  choiceLabels: ['Size: Large'],
};

describe('cart lines', () => {
  it('merges the same product and choices, whatever the order of the choices', () => {
    const reordered = {
      variants: [
        { variantId: 'b', optionId: '2' },
        { variantId: 'a', optionId: '1' },
      ],
      customizations: [],
    };
    expect(lineKey('p', reordered)).toBe(lineKey('p', { variants: [...reordered.variants].reverse(), customizations: [] }));
    const cart = addLine(addLine(emptyCart('s1'), balm), { ...balm, quantity: 2 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(3);
    expect(cartSubtotal(cart)).toBe(3750);
  });

  it('keeps different choices apart and totals them live', () => {
    const small = { ...balm, unitPrice: 900, selection: { variants: [{ variantId: 'size', optionId: 'small' }], customizations: [] } };
    let cart = addLine(addLine(emptyCart('s1'), balm), small);
    expect(cart.lines).toHaveLength(2);
    cart = setQuantity(cart, cart.lines[1].key, 4);
    expect(cartCount(cart)).toBe(5);
    expect(cartSubtotal(cart)).toBe(1250 + 4 * 900);
    cart = removeLine(cart, cart.lines[0].key);
    expect(cartSubtotal(cart)).toBe(3600);
  });

  it('keeps quantities between 1 and the maximum', () => {
    const cart = addLine(emptyCart('s1'), balm);
    expect(setQuantity(cart, cart.lines[0].key, 0).lines[0].quantity).toBe(1);
    expect(setQuantity(cart, cart.lines[0].key, 500).lines[0].quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('reads back a stored cart and drops what is malformed', () => {
    const stored = JSON.stringify(addLine(emptyCart('s1'), balm));
    expect(parseCart('s1', stored).lines).toHaveLength(1);
    expect(parseCart('s1', 'not json').lines).toEqual([]);
    expect(parseCart('s1', JSON.stringify({ lines: [{ name: 'x' }, { ...balm, key: 'k', unitPrice: 1.5 }] })).lines).toEqual([]);
    expect(parseCart('s1', null)).toEqual(emptyCart('s1'));
  });
});

describe('checkout test cards', () => {
  it("offers exactly the local provider's test payment methods", () => {
    expect(TEST_CARDS.map((c) => c.id).sort()).toEqual(Object.values(LOCAL_TEST_PAYMENT_METHODS).sort());
  });
});
