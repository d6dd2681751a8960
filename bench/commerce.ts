import type { BenchGroup } from './context';
import { missingProcedures, NOT_AVAILABLE, type Row, unavailable } from './lib';

/**
 * Storefronts, products and orders (issue 4): order.checkout ≥ 200/s with p95 ≤ 150 ms at 50
 * buyers; storefront.analytics p95 ≤ 50 ms for a storefront with 1,000,000 orders; product.search
 * p99 ≤ 30 ms over 200,000 products. Each row is measured once its procedure exists.
 */
export const commerceGroup: BenchGroup = {
  name: 'commerce',
  async run() {
    const rows: Row[] = [];
    const gate = (name: string, unit: string, target: string, procedures: string[]) => {
      const missing = missingProcedures(procedures);
      if (missing.length) rows.push(unavailable(name, unit, target, `${NOT_AVAILABLE}: ${missing.join(', ')}`));
      return missing.length === 0;
    };
    gate('order.checkout at 50 concurrent buyers: throughput', 'orders/s', '≥ 200', ['order.checkout']);
    gate('order.checkout at 50 concurrent buyers: latency', 'ms p95', '≤ 150', ['order.checkout']);
    gate('storefront.analytics, 1,000,000 orders on one storefront', 'ms p95', '≤ 50', ['storefront.analytics']);
    gate('product.search over 200,000+ products, 50 conns', 'ms p99', '≤ 30', ['product.search']);
    return rows;
  },
};
