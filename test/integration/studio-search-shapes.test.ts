import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shops } from '../../server/db/schema';
import type { studioSearchInput } from '../../server/domains/studios/inputs';
import { NEAR_WINDOW } from '../../server/domains/studios/nearest';
import { executeRows } from '../../server/db/sql';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// studio.search matches its prefix as a byte range (decision 030) in every statement but the
// prepared text-only one, and runs "near me" with a text in two steps (the nearest studios, then
// every match).
// Whatever the statement, its answers must be the plain query's: the name or the city starting
// with the text (LIKE over escaped wildcards), the filters in one WHERE, best quality first then
// id (nearest first by great-circle distance with a location), 10 a page. Computed here independently.

const server = useTestServer();
const PAGE = 10;
const QUIET = { latitude: 31, longitude: -100 };

type Input = z.input<typeof studioSearchInput> & { query: string };

/** The plain query of spec 1 §7, as one statement. */
async function plainSearch(input: Input): Promise<string[]> {
  const text = input.query.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const near = input.near ?? null;
  const rows = await executeRows<{ id: string }>(
    server.deps.db,
    sql`
    select s.id from shops s
    where not s.deleted
      and (${input.state ?? null}::text is null or s.state = ${input.state ?? null}::text)
      and (not ${Boolean(input.lookingForResident)} or s.looking_for_resident)
      and (not ${Boolean(input.lookingForGuest)} or s.looking_for_guest)
      and (${text} = '' or s.search_name like ${text} || '%' or s.search_city like ${text} || '%')
      and (${near === null} or not (s.latitude = 0 and s.longitude = 0))
    order by
      case when ${near === null} then null else
        asin(sqrt(sin(radians(s.latitude - ${near?.latitude ?? 0}::float8) / 2) ^ 2
          + cos(radians(s.latitude)) * cos(radians(${near?.latitude ?? 0}::float8)) * sin(radians(s.longitude - ${near?.longitude ?? 0}::float8) / 2) ^ 2))
      end,
      case when ${near === null} then s.quality end desc nulls last, s.id
    limit ${PAGE} offset ${input.cursor ?? 0}`,
  );
  return rows.map((r) => r.id);
}

describe('studio.search answers as the plain query does', () => {
  let client: ReturnType<typeof server.client>;
  beforeAll(async () => {
    client = server.client();
    await signIn(client, await createUser({}, server.deps.db));
    // 144 studios: names and cities sharing prefixes, with wildcards, a backslash, accents, the
    // code points on either side of the surrogates (U+D7FF, U+E000) and the greatest one; cities
    // that lie in one state (New Orleans) or in two (Portland); qualities repeated so the id
    // decides ties; flags, a few deleted and a few never placed (0,0); distinct positions.
    const names = ['New Ink', 'Newt Tattoo', 'news room', '5%_off Studio', 'Back\\slash', 'Ñandú Ink', 'Été Tattoo', 'a\u{d7ff}b', 'a\u{e000}b', '\u{10ffff}max', 'Nexus', 'Zed'];
    const places = [
      { city: 'New Orleans', state: 'LA', latitude: 29.95, longitude: -90.07 },
      { city: 'Newark', state: 'NJ', latitude: 40.73, longitude: -74.17 },
      { city: 'Portland', state: 'OR', latitude: 45.52, longitude: -122.68 },
      { city: 'Portland', state: 'ME', latitude: 43.66, longitude: -70.26 },
      { city: 'Nashville', state: 'TN', latitude: 36.16, longitude: -86.78 },
      { city: 'Atlanta', state: 'GA', latitude: 33.75, longitude: -84.39 },
    ];
    await server.deps.db.insert(shops).values(
      Array.from({ length: 144 }, (_, i) => {
        const name = `${names[i % names.length]} ${i}`;
        const place = places[Math.floor(i / 3) % places.length];
        const unplaced = i % 29 === 0;
        return {
          name,
          searchName: name.toLowerCase(),
          city: place.city,
          searchCity: place.city.toLowerCase(),
          state: place.state,
          latitude: unplaced ? 0 : place.latitude + i * 0.013,
          longitude: unplaced ? 0 : place.longitude - i * 0.007,
          quality: i % 4,
          lookingForResident: i % 3 === 0,
          lookingForGuest: i % 5 < 2,
          deleted: i % 17 === 16,
        };
      }),
    );
    // More studios than "near me" reads before it collects every match (NEAR_WINDOW), all nearer
    // to QUIET than any studio above and none matching their texts: near QUIET, the page comes
    // from the second step.
    await server.deps.db.insert(shops).values(
      Array.from({ length: NEAR_WINDOW + 50 }, (_, i) => ({
        name: `Quiet ${i}`,
        searchName: `quiet ${i}`,
        city: 'Quietville',
        searchCity: 'quietville',
        state: 'TX',
        latitude: QUIET.latitude + i * 0.0001,
        longitude: QUIET.longitude,
        quality: i % 11,
      })),
    );
  });

  const texts = ['', 'n', 'NEW', ' newt t', 'newa', 'ne', 'port', 'p', '5%', '5%_', '_', '%', 'back\\', 'ñan', 'été', 'a\u{d7ff}', 'a', '\u{10ffff}', 'zzz'];
  const filters: Omit<Input, 'query'>[] = [
    {},
    { cursor: PAGE },
    { state: 'LA' },
    { state: 'OR', cursor: PAGE },
    { lookingForResident: true },
    { state: 'NJ', lookingForGuest: true },
    { near: { latitude: 30.2, longitude: -90.2 } },
    { near: { latitude: 44, longitude: -72 }, cursor: PAGE },
    { near: { latitude: 30.2, longitude: -90.2 }, state: 'LA', lookingForGuest: true },
    { near: { latitude: 45, longitude: -122 }, state: 'OR' },
    { near: QUIET },
    { near: QUIET, cursor: PAGE, lookingForResident: true },
  ];

  it('for every prefix, with each filter, near me and a second page', async () => {
    let compared = 0;
    for (const query of texts) {
      for (const filter of filters) {
        const input = { query, ...filter };
        const expected = await plainSearch(input);
        const answer = await client.studio.search.query(input);
        expect(
          answer.items.map((s) => s.id),
          JSON.stringify(input),
        ).toEqual(expected);
        if (expected.length > 0) compared++;
      }
    }
    // The comparison is only worth something if most inputs found studios.
    expect(compared).toBeGreaterThan((texts.length * filters.length) / 2);
  });
});
