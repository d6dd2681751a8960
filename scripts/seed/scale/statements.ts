import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

// Each statement inserts the rows of studios [from, to], generated inside PostgreSQL (INSERT …
// SELECT over generate_series), so nothing crosses the wire but the statement. Ids are UUIDs
// derived from a role and the studio number (`g`) by pg_temp.sid (md5 shaped as a version-4 UUID,
// so the API's uuid validation accepts them; scaleId() computes the same in JavaScript), so
// statements join without lookups and a re-run conflicts instead of duplicating. Every other value is a pseudo-random pick from md5(seed, tag,
// row): the same seed gives the same data, another seed another data set of the same shape.

/** Created in the seeding transaction (session-local): the deterministic id of a tag such as 'owner' || g. */
export const CREATE_SID = sql.raw(
  `create or replace function pg_temp.sid(text) returns uuid language sql immutable as $$ select (substr(md5($1), 1, 12) || '4' || substr(md5($1), 14, 3) || '8' || substr(md5($1), 18, 15))::uuid $$`,
);

/** The same id as an inline SQL expression of a text expression (for sessions without the temp function). */
export const sidExpr = (text: string) =>
  sql.raw(`(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`);

/** The id pg_temp.sid gives a tag, e.g. scaleId('owner1') for the owner of studio 1, scaleId('store2') for studio 2's storefront. */
export function scaleId(tag: string): string {
  const h = createHash('md5').update(tag).digest('hex');
  const hex = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17, 32)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type ScaleParams = { from: number; to: number; seed: number; passwordHash: string };
type Statement = (p: ScaleParams) => SQL;

const uid = (role: string) => sql.raw(`pg_temp.sid('${role}' || g)`);
/** A deterministic pseudo-random integer in [0, mod) for this row (and `k` for sub-rows). */
const rnd = (seed: number, tag: string, mod: number, row = 'g') =>
  sql.raw(`(((('x' || substr(md5('${seed}:${tag}:' || ${row}), 1, 8))::bit(32)::int) & 2147483647) % ${mod})`);
const pick = (values: readonly string[], index: SQL) => sql`(array[${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(','))}])[1 + ${index}]`;

const CITIES = [
  ['Portland', 'OR', 45.52, -122.68], ['Seattle', 'WA', 47.61, -122.33], ['Austin', 'TX', 30.27, -97.74],
  ['Denver', 'CO', 39.74, -104.99], ['Chicago', 'IL', 41.88, -87.63], ['Brooklyn', 'NY', 40.68, -73.94],
  ['Los Angeles', 'CA', 34.05, -118.24], ['Miami', 'FL', 25.76, -80.19], ['Nashville', 'TN', 36.16, -86.78],
  ['Phoenix', 'AZ', 33.45, -112.07], ['Atlanta', 'GA', 33.75, -84.39], ['Boston', 'MA', 42.36, -71.06],
  ['San Diego', 'CA', 32.72, -117.16], ['Minneapolis', 'MN', 44.98, -93.27], ['New Orleans', 'LA', 29.95, -90.07],
  ['Salt Lake City', 'UT', 40.76, -111.89], ['Philadelphia', 'PA', 39.95, -75.17], ['Detroit', 'MI', 42.33, -83.05],
  ['Honolulu', 'HI', 21.31, -157.86], ['Anchorage', 'AK', 61.22, -149.9], ['Saint Paul', 'MN', 44.95, -93.09],
  ['Sacramento', 'CA', 38.58, -121.49], ['Pittsburgh', 'PA', 40.44, -79.99], ['Tucson', 'AZ', 32.22, -110.97],
] as const;
const city = (seed: number, i: 0 | 1 | 2 | 3) => pick(CITIES.map((c) => String(c[i])), rnd(seed, 'city', CITIES.length));
const WORDS = ['Iron', 'Rose', 'Black', 'Anchor', 'Lotus', 'Raven', 'Electric', 'Sacred', 'Golden', 'Velvet', 'Crimson', 'Silver', 'Wild', 'Lucky', 'Northern', 'Old Town'];
const NOUNS = ['Needle', 'Tattoo', 'Ink', 'Studio', 'Parlor', 'Collective', 'Atelier', 'Works', 'Society', 'Club'];
const studioName = (seed: number) => sql`${pick(WORDS, rnd(seed, 'w1', WORDS.length))} || ' ' || ${pick(NOUNS, rnd(seed, 'w2', NOUNS.length))} || ' ' || g`;
const STYLES = ['Fine Line', 'Blackwork', 'Traditional', 'Neo Traditional', 'Japanese', 'Realism', 'Watercolor', 'Geometric', 'Dotwork', 'Lettering'];
const PRODUCTS = ['Aftercare Balm', 'Art Print', 'Studio Tee', 'Flash Sheet', 'Sticker Pack', 'Gift Card', 'Enamel Pin', 'Tote Bag'];
const CATEGORIES = ['aftercare', 'prints', 'apparel', 'flash', 'stickers', 'gift-cards', 'accessories', 'accessories'];
const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];
const series = (p: ScaleParams) => sql`generate_series(${p.from}::int, ${p.to}::int) as g`;

/** Per studio: an owner, two artists, three clients. */
const USER_ROLES: Array<[string, string, string]> = [
  ['owner', 'Owner', `array['client','studio','Owner']`],
  ['artist1', 'Artist', `array['client','artist','Artist']`],
  ['artist2', 'Artist', `array['client','artist','Artist']`],
  ['client1', 'Client', `array['client']`],
  ['client2', 'Client', `array['client']`],
  ['client3', 'Client', `array['client']`],
];

/** Rows per studio, for the log and the README. */
export const SCALE_SHAPE =
  '6 users, 1 studio, 3 memberships, 2 artist profiles, 4 images, 2 subscriptions (owner Studio, resident Artist Pro); every second studio: a storefront, 5 products, 10 orders with items; a thread with 3 messages, 2 notifications';

export const SCALE_STATEMENTS: Statement[] = [
  ...USER_ROLES.map(
    ([role, first, types]): Statement =>
      (p) => sql`
        insert into users (id, email, password_hash, display_name, first_name, last_name, user_types, city, state, created_at, last_updated)
        select ${uid(role)}, ${`${role}.`} || g || '@scale.inklink.test', ${p.passwordHash}, ${`@${role}_`} || g, ${first}, 'Number ' || g,
               ${sql.raw(types)}::text[], ${city(p.seed, 0)}, ${city(p.seed, 1)},
               now() - ${rnd(p.seed, `${role}-created`, 900)} * interval '1 day', now() - ${rnd(p.seed, `${role}-updated`, 400)} * interval '1 day'
        from ${series(p)} on conflict do nothing`,
  ),
  (p) => sql`
    insert into shops (id, name, display_name, url_slug, owner_id, address, street_number, street, city, state, zip_code,
                       latitude, longitude, phone, email, timezone, quality, is_active, is_verified, is_featured,
                       looking_for_resident, looking_for_guest, search_name, search_city, date_added, last_updated, opening_hours,
                       tattoo_styles, managing_users)
    select ${uid('shop')}, ${studioName(p.seed)}, '@studio_' || g, 'studio-' || g, ${uid('owner')},
           (100 + ${rnd(p.seed, 'street', 900)}) || ' Main St', (100 + ${rnd(p.seed, 'street', 900)})::text, 'Main St',
           ${city(p.seed, 0)}, ${city(p.seed, 1)}, lpad((10000 + ${rnd(p.seed, 'zip', 89999)})::text, 5, '0'),
           ${city(p.seed, 2)}::float8 + (${rnd(p.seed, 'lat', 400)} - 200) / 1000.0, ${city(p.seed, 3)}::float8 + (${rnd(p.seed, 'lon', 400)} - 200) / 1000.0,
           '555-' || lpad(${rnd(p.seed, 'phone', 10000)}::text, 4, '0'), 'studio' || g || '@scale.inklink.test', 'America/Los_Angeles',
           ${rnd(p.seed, 'quality', 11)}, ${rnd(p.seed, 'active', 10)} < 8, ${rnd(p.seed, 'verified', 5)} = 0, ${rnd(p.seed, 'featured', 50)} = 0,
           ${rnd(p.seed, 'resident', 4)} = 0, ${rnd(p.seed, 'guest', 3)} = 0,
           lower(${studioName(p.seed)}), lower(${city(p.seed, 0)}),
           now() - ${rnd(p.seed, 'added', 1500)} * interval '1 day', now() - ${rnd(p.seed, 'touched', 700)} * interval '1 day',
           '{"monday":{"open":true,"start":"09:00","end":"17:00"},"tuesday":{"open":true,"start":"09:00","end":"17:00"},"wednesday":{"open":true,"start":"09:00","end":"17:00"},"thursday":{"open":true,"start":"11:00","end":"20:00"},"friday":{"open":true,"start":"11:00","end":"20:00"}}'::jsonb,
           array[${pick(STYLES, rnd(p.seed, 'style1', STYLES.length))}, ${pick(STYLES, rnd(p.seed, 'style2', STYLES.length))}],
           array[${uid('owner')}]
    from ${series(p)} on conflict do nothing`,
  (p) => sql`
    insert into shop_users (id, shop_id, user_id, shop_user_type, start_date, end_date, permissions, can_manage_store)
    select pg_temp.sid(r.role || g), ${uid('shop')}, pg_temp.sid(r.role || g),
           case when r.role = 'artist2' then 1 else 0 end, now() - interval '400 days',
           case when r.role = 'artist2' then now() + (${rnd(p.seed, 'guest-end', 120)} - 60) * interval '1 day' else null end,
           case when r.role = 'owner' then '{"calendar":true,"manage":true}'::jsonb else '{"calendar":true,"manage":false}'::jsonb end,
           r.role = 'owner'
    from ${series(p)}, (values ('owner'), ('artist1'), ('artist2')) as r(role)
    on conflict do nothing`,
  // Decision 042: the owner's Studio plan unlocks the studio's storefront, members and walk-ins; the
  // resident's Artist Pro their deposits and requests (active, as a paid period would be).
  (p) => sql`
    insert into subscriptions (id, user_id, plan_id, plan_name, price, status, current_period_start, current_period_end, created_at, updated_at)
    select pg_temp.sid('sub' || r.role || g), pg_temp.sid(r.role || g), r.plan, r.name, r.price, 'active',
           now() - interval '10 days', now() + interval '20 days', now() - interval '40 days', now() - interval '10 days'
    from ${series(p)}, (values ('owner', 'studio', 'Studio', 5000), ('artist1', 'artist_pro', 'Artist Pro', 500)) as r(role, plan, name, price)
    on conflict do nothing`,
  (p) => sql`
    insert into artists (id, user_id, name, display_name, url_slug, city, state, tattoo_styles, is_active, books_open)
    select pg_temp.sid('profile' || r.role || g), pg_temp.sid(r.role || g), 'Artist ' || r.role || ' ' || g, '@' || r.role || '_' || g,
           r.role || '-' || g, ${city(p.seed, 0)}, ${city(p.seed, 1)},
           array[${pick(STYLES, rnd(p.seed, 'astyle1', STYLES.length, "r.role || g"))}, ${pick(STYLES, rnd(p.seed, 'astyle2', STYLES.length, "r.role || g"))}],
           true, ${rnd(p.seed, 'books', 2, "r.role || g")} = 0
    from ${series(p)}, (values ('artist1'), ('artist2')) as r(role) on conflict do nothing`,
  (p) => sql`
    insert into images (id, url, account_id, account_type, image_type, width, height, bytes, created_at)
    select pg_temp.sid('img' || k || '-' || g), '/files/scale/' || g || '-' || k || '.webp',
           case when k <= 2 then pg_temp.sid('artist1' || g) else ${uid('shop')} end,
           (case when k <= 2 then 'user' else 'shop' end)::account_type,
           (array['portfolio', 'flash', 'portfolio', 'banner'])[k]::image_type, 1920, 1080, 150000 + ${rnd(p.seed, 'bytes', 200000, "g || '-' || k")},
           now() - ${rnd(p.seed, 'img-at', 7200, "g || '-' || k")} * interval '1 hour'
    from ${series(p)}, generate_series(1, 4) as k on conflict do nothing`,
  (p) => sql`
    insert into storefronts (id, owner_id, owner_type, name, description, is_active, created_at, updated_at)
    select pg_temp.sid('store' || g), ${uid('shop')}, 'shop', ${studioName(p.seed)} || ' Shop', 'Aftercare, prints and merch from the studio', ${rnd(p.seed, 'store-active', 10)} < 9,
           now() - ${rnd(p.seed, 'store-created', 700)} * interval '1 day', now() - ${rnd(p.seed, 'store-updated', 90)} * interval '1 day'
    from ${series(p)} where g % 2 = 0 on conflict do nothing`,
  (p) => sql`
    update shops set has_storefront = true where id in (select ${uid('shop')} from ${series(p)} where g % 2 = 0)`,
  (p) => sql`
    insert into products (id, storefront_id, name, description, price, category, tags, status, featured, track_inventory, quantity, low_stock_threshold, created_at, updated_at)
    select pg_temp.sid('product' || k || '-' || g), pg_temp.sid('store' || g),
           ${pick(PRODUCTS, rnd(p.seed, 'product', PRODUCTS.length, "g || '-' || k"))} || ' ' || g || '-' || k,
           'Made in the studio for healing and collecting', 300 + ${rnd(p.seed, 'price', 9700, "g || '-' || k")},
           ${pick(CATEGORIES, rnd(p.seed, 'product', PRODUCTS.length, "g || '-' || k"))},
           array[${pick(CATEGORIES, rnd(p.seed, 'product', PRODUCTS.length, "g || '-' || k"))}, 'studio'],
           (case when ${rnd(p.seed, 'draft', 7, "g || '-' || k")} = 0 then 'draft' else 'active' end)::product_status,
           ${rnd(p.seed, 'pfeatured', 12, "g || '-' || k")} = 0, k <> 2, ${rnd(p.seed, 'qty', 60, "g || '-' || k")}, 5,
           now() - ${rnd(p.seed, 'p-created', 400, "g || '-' || k")} * interval '1 day', now() - ${rnd(p.seed, 'p-updated', 60, "g || '-' || k")} * interval '1 day'
    from ${series(p)}, generate_series(1, 5) as k where g % 2 = 0 on conflict do nothing`,
  (p) => sql`
    insert into orders (id, order_number, customer_id, storefront_id, subtotal, tax, shipping, total, status, fulfillment_method, payment_method, created_at, paid_at)
    select pg_temp.sid('order' || k || '-' || g), 'ORD-' || to_char(now() - ${rnd(p.seed, 'o-day', 120, "g || '-' || k")} * interval '1 day', 'YYYYMMDD') || '-S' || g || 'K' || k,
           pg_temp.sid('client' || (1 + k % 3) || g), pg_temp.sid('store' || g),
           2 * (300 + ${rnd(p.seed, 'o-price', 9700, "g || '-' || k")}), 165, 500, 2 * (300 + ${rnd(p.seed, 'o-price', 9700, "g || '-' || k")}) + 665,
           ${pick(ORDER_STATUSES, rnd(p.seed, 'o-status', ORDER_STATUSES.length, "g || '-' || k"))}::order_status,
           'shipping', 'stripe',
           now() - ${rnd(p.seed, 'o-day', 120, "g || '-' || k")} * interval '1 day', now() - ${rnd(p.seed, 'o-day', 120, "g || '-' || k")} * interval '1 day'
    from ${series(p)}, generate_series(1, 10) as k where g % 2 = 0 on conflict do nothing`,
  (p) => sql`
    insert into order_items (id, order_id, product_id, product_name, quantity, unit_price, subtotal)
    select pg_temp.sid('item' || k || '-' || g), pg_temp.sid('order' || k || '-' || g), pg_temp.sid('product1-' || g), 'Aftercare Balm ' || g, 2,
           300 + ${rnd(p.seed, 'o-price', 9700, "g || '-' || k")}, 2 * (300 + ${rnd(p.seed, 'o-price', 9700, "g || '-' || k")})
    from ${series(p)}, generate_series(1, 10) as k where g % 2 = 0 on conflict do nothing`,
  (p) => sql`
    insert into threads (id, shop_id, kind, dedupe_key, last_message_preview, created_at, last_updated)
    select pg_temp.sid('thread' || g), null, 'direct',
           'direct:' || least(pg_temp.sid('client1' || g)::text, pg_temp.sid('artist1' || g)::text) || ':' || greatest(pg_temp.sid('client1' || g)::text, pg_temp.sid('artist1' || g)::text),
           'A fine-line swallow on the forearm.',
           now() - ${rnd(p.seed, 't-created', 90)} * interval '1 day', now() - ${rnd(p.seed, 't-updated', 720)} * interval '1 hour'
    from ${series(p)} on conflict do nothing`,
  (p) => sql`
    insert into thread_participants (thread_id, user_id)
    select pg_temp.sid('thread' || g), pg_temp.sid(r.role || g) from ${series(p)}, (values ('client1'), ('artist1')) as r(role)
    on conflict do nothing`,
  (p) => sql`
    insert into messages (id, thread_id, sender_id, body, read_by, created_at)
    select pg_temp.sid('message' || k || '-' || g), pg_temp.sid('thread' || g),
           pg_temp.sid((case when k % 2 = 1 then 'client1' else 'artist1' end) || g),
           (array['Hi! Do you have availability next month?', 'Yes, send me your idea and placement.', 'A fine-line swallow on the forearm.'])[k],
           case when k < 3 or ${rnd(p.seed, 'read', 2)} = 0 then array[pg_temp.sid((case when k % 2 = 1 then 'artist1' else 'client1' end) || g)] else '{}'::uuid[] end,
           now() - ${rnd(p.seed, 't-updated', 720)} * interval '1 hour' - (3 - k) * interval '5 minutes'
    from ${series(p)}, generate_series(1, 3) as k on conflict do nothing`,
  (p) => sql`
    insert into notifications (id, user_id, type, title, body, data, channels, seen, created_at)
    select pg_temp.sid('notification' || k || '-' || g), pg_temp.sid('artist1' || g), 'message_received', 'New message', 'You have a new message',
           jsonb_build_object('threadId', pg_temp.sid('thread' || g)), array['in_app'], k = 1 or ${rnd(p.seed, 'seen', 2)} = 0,
           now() - ${rnd(p.seed, 'n-at', 720, "g || '-' || k")} * interval '1 hour'
    from ${series(p)}, generate_series(1, 2) as k on conflict do nothing`,
];
