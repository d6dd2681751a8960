import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, storefronts } from '../../server/db/schema';
import { executeRows } from '../../server/db/sql';
import { sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// product.search runs one of three statement shapes (the newest window, all matches behind an
// OFFSET 0 fence, and for a text without trigrams a strpos walk: decision 032). Whatever the
// shape, its answers must be the plain query's: every filter in one WHERE, the text matched with
// LIKE over escaped wildcards, newest first then id, 20 a page. Computed here independently.

const server = useTestServer();
const PAGE = 20;

type Input = {
  storefrontId?: string;
  query?: string;
  category?: string;
  featured?: boolean;
  minPrice?: number;
  maxPrice?: number;
  tags?: string[];
  inStock?: boolean;
  cursor?: number;
};

/** The plain query of spec 1 §5, as one statement. */
async function plainSearch(input: Input): Promise<string[]> {
  const text = input.query?.trim().toLowerCase() ?? '';
  const rows = await executeRows<{ id: string }>(
    server.deps.db,
    sql`
    select p.id from products p
    where p.status = 'active' and not p.deleted
      and exists (select 1 from storefronts s where s.id = p.storefront_id and s.is_active and not s.deleted)
      and (${input.storefrontId ?? null}::uuid is null or p.storefront_id = ${input.storefrontId ?? null}::uuid)
      and (${input.category ?? null}::text is null or p.category = ${input.category ?? null}::text)
      and (${input.featured ?? null}::boolean is null or p.featured = ${input.featured ?? null}::boolean)
      and (${input.minPrice ?? null}::int is null or p.price >= ${input.minPrice ?? null}::int)
      and (${input.maxPrice ?? null}::int is null or p.price <= ${input.maxPrice ?? null}::int)
      and (${input.tags ? `{${input.tags.join(',')}}` : null}::text[] is null or p.tags && ${input.tags ? `{${input.tags.join(',')}}` : null}::text[])
      and (not ${Boolean(input.inStock)} or not p.track_inventory or p.quantity > 0)
      and (${text} = '' or lower(p.name) like '%' || replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
           or lower(p.description) like '%' || replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
           or p.tags @> array[${text}]::text[])
    order by p.created_at desc nulls last, p.id
    limit ${PAGE} offset ${input.cursor ?? 0}`,
  );
  return rows.map((r) => r.id);
}

const search = async (input: Input) => (await server.client().product.search.query(input)).items.map((p) => p.id);

describe('product.search answers as the plain query does', () => {
  let storefrontId = '';
  beforeAll(async () => {
    ({
      storefront: { id: storefrontId },
    } = await sellerWithStorefront(server));
    // 120 products (60 public): names and descriptions with wildcards, a backslash, mixed case and short
    // fragments; prices, categories, stock and tags spread over them; created_at shared by pairs
    // so the id decides their order.
    const names = ['Ab Sticker', '5%_off Print', 'Back\\slash Tee', 'TABLE flash', 'a-1 Pin', 'Balm'];
    const base = Date.parse('2026-11-01T00:00:00Z');
    // Two storefronts whose products are not public (one inactive, one deleted): every fourth
    // product, among the newest too, so that each step's window holds some of them.
    const hidden = await Promise.all([sellerWithStorefront(server), sellerWithStorefront(server)]);
    const [inactiveId, deletedId] = hidden.map((h) => h.storefront.id);
    await server.deps.db.update(storefronts).set({ isActive: false }).where(inArray(storefronts.id, [inactiveId]));
    await server.deps.db.update(storefronts).set({ deleted: true }).where(inArray(storefronts.id, [deletedId]));
    await server.deps.db.insert(products).values(
      Array.from({ length: 120 }, (_, i) => ({
        storefrontId: [storefrontId, inactiveId, storefrontId, deletedId][i % 4],
        name: `${names[i % names.length]} ${i}`,
        description: i % 4 === 0 ? 'Made for AB testers, 100% cotton' : 'Healing balm',
        price: 500 + ((i * 370) % 5000),
        category: ['aftercare', 'prints', 'apparel'][i % 3],
        tags: i % 5 === 0 ? ['ab', 'studio'] : ['studio'],
        featured: i % 7 === 0,
        status: i % 11 === 10 ? ('draft' as const) : ('active' as const),
        trackInventory: i % 2 === 0,
        quantity: i % 3,
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
  });

  const texts = ['', 'balm', 'ab', 'a', 'A', '%', '_', '\\', '5%', 'a-1', '1', 'abc', 'sticker', '5%_off', 'back\\slash', 'table', 'ab testers', 'zz'];
  const filters: Omit<Input, 'storefrontId' | 'query'>[] = [
    {},
    { cursor: PAGE },
    { category: 'prints' },
    { featured: true },
    { minPrice: 1000, maxPrice: 3000 },
    { tags: ['ab'] },
    { inStock: true, cursor: PAGE },
    { category: 'apparel', inStock: true, maxPrice: 4000 },
  ];

  it('for short and long texts, with every filter and a second page, in one storefront and in all', async () => {
    let compared = 0;
    for (const query of texts) {
      for (const filter of filters) {
        for (const scope of [{ storefrontId }, {}]) {
          const input = { ...scope, query, ...filter };
          const expected = await plainSearch(input);
          expect(await search(input), JSON.stringify(input)).toEqual(expected);
          if (expected.length > 0) compared++;
        }
      }
    }
    // The comparison is only worth something if most inputs found products.
    expect(compared).toBeGreaterThan(texts.length * filters.length);
  });
});
