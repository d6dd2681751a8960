import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema';
import { useTestServer } from '../../test/support/server';

// Issue 20: the sitemap at scale. A measurement, not a test (`npm test` does not run the `measure`
// project):
//   DATABASE_URL=postgres://… npx vitest run --project measure bench/measure/sitemap.measure.ts
// 120,000 active products (and 5,000 drafts, which must not be listed) in one storefront: the
// index names 3 files, and each file of 50,000 URLs is streamed in chunks of 1,000 rows. Prints
// each file's time, size and the process's heap growth (sampled every 5 ms) while it is read.

const server = useTestServer();
const PRODUCTS = 120_000;

describe('the sitemap of 120,000 products', () => {
  it('is an index of 3 files, each streamed', async () => {
    const db = server.deps.db;
    const [store] = await db.insert(storefronts).values({ ownerId: crypto.randomUUID(), ownerType: 'user', name: 'Big Shop' }).returning();
    await db.execute(sql`insert into products (storefront_id, name, price, status)
      select ${store.id}, 'Product ' || g, 1000 + g % 500, 'active' from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`insert into products (storefront_id, name, price, status)
      select ${store.id}, 'Draft ' || g, 1000, 'draft' from generate_series(1, 5000) g`);
    await db.execute(sql`analyze products`);

    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(files).toHaveLength(3);
    let urls = 0;
    for (const file of files) {
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 5);
      const started = performance.now();
      const response = await fetch(`${server.url}/${file}`);
      let bytes = 0;
      let count = 0;
      let tail = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        const text = tail + Buffer.from(chunk).toString('utf8');
        count += text.split('<url>').length - 1;
        tail = text.slice(-4);
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      urls += count;
      console.log(`${file}: ${count} URLs, ${(bytes / 1e6).toFixed(1)} MB, ${ms.toFixed(0)} ms, heap growth while streaming ≤ ${((peak - before) / 1e6).toFixed(1)} MB`);
      expect(count).toBeLessThanOrEqual(50_000);
      expect(bytes).toBeLessThan(50 * 1024 * 1024);
    }
    // The site's 7 pages and the storefront page beside the products.
    expect(urls).toBe(PRODUCTS + 7 + 1);
  });
});
