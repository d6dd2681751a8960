import { orderAmounts } from '../../../../server/domains/orders/rules';
import { resolveSelection, unitPrice } from '../../../../server/domains/products/rules';
import { percentToBps } from '../../../../server/domains/storefronts/rules';
import { trpc } from '../../../trpc';
import type { Cart } from '../cart/cartLines';
import type { PublicStorefront } from '../types';

/**
 * The checkout's breakdown by the server's own rules (products' unitPrice, orders' orderAmounts)
 * over the products as they are now, not the prices remembered in the cart. A line whose product
 * is gone or whose choices no longer exist carries the problem to show.
 */
export function useQuote(cart: Cart, storefront: PublicStorefront | undefined, method: 'shipping' | 'pickup') {
  const products = trpc.useQueries((t) =>
    cart.lines.map((line) => t.product.byId({ productId: line.productId }, { retry: false, staleTime: 0 })),
  );
  const loading = products.some((p) => p.isLoading);
  const lines = cart.lines.map((line, index) => {
    const product = products[index]?.data;
    if (!product) return { line, unitPrice: line.unitPrice, problem: products[index]?.isError ? 'Product not found' : null };
    const resolved = resolveSelection(product, line.selection);
    if ('error' in resolved) return { line, unitPrice: line.unitPrice, problem: resolved.error };
    return {
      line,
      unitPrice: unitPrice(product.price, resolved),
      problem: product.status === 'active' ? null : 'Product is not available',
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.line.quantity, 0);
  const amounts = storefront
    ? orderAmounts(
        subtotal,
        {
          taxRateBps: percentToBps(storefront.settings.taxRate),
          shippingRate: storefront.settings.shippingRate,
          freeShippingThreshold: storefront.settings.freeShippingThreshold,
        },
        method,
      )
    : null;
  return { loading, lines, amounts };
}
