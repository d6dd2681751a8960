import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createGeocoder, type PostalAddress } from '../../server/providers/geocoder';
import { zipOf } from '../../server/providers/geocoder/zip-centroids';

// Issue 26 item 1: with no GEOCODER_URL an address lands on its ZIP code's centroid, not 0,0.
const embedded = createGeocoder(undefined, pino({ level: 'silent' }));
const address = (overrides: Partial<PostalAddress>): PostalAddress => ({
  street: '1 Main St',
  city: '',
  state: '',
  zipCode: '',
  ...overrides,
});

describe('zipOf', () => {
  it.each([
    ['97202', '97202'],
    ['97202-1234', '97202'],
    [' 33101 ', '33101'],
    ['OR 97202', '97202'],
    ['9720', undefined],
    ['972021', undefined],
    ['', undefined],
  ])('reads %j as %j', (text, zip) => {
    expect(zipOf(text)).toBe(zip);
  });
});

// The first lookup loads the ZIP database (about a second on a busy 2-core machine).
describe('the embedded ZIP geocoder', { timeout: 30_000 }, () => {
  it.each([
    ['97202', 'Portland', 'OR', 45.48, -122.64],
    ['97202-1234', 'Portland', 'OR', 45.48, -122.64],
    ['33101', 'Miami', 'FL', 25.77, -80.19],
  ])('puts ZIP %s at its centroid in %s', async (zipCode, city, state, latitude, longitude) => {
    const found = await embedded.geocode(address({ zipCode, city, state }));
    expect(found.latitude).toBeCloseTo(latitude, 1);
    expect(found.longitude).toBeCloseTo(longitude, 1);
  });

  it('goes by the ZIP when the city disagrees with it', async () => {
    const found = await embedded.geocode(address({ zipCode: '33101', city: 'Portland', state: 'OR' }));
    expect(found.latitude).toBeCloseTo(25.77, 1);
  });

  it('without a known ZIP, takes the middle of the city named with its state', async () => {
    const found = await embedded.geocode(address({ zipCode: '00000', city: 'portland', state: 'OR' }));
    expect(Math.abs(found.latitude - 45.52)).toBeLessThan(0.2);
    expect(Math.abs(found.longitude - -122.68)).toBeLessThan(0.2);
    const maine = await embedded.geocode(address({ city: 'Portland', state: 'ME' }));
    expect(Math.abs(maine.latitude - 43.66)).toBeLessThan(0.2);
    expect(Math.abs(maine.longitude - -70.26)).toBeLessThan(0.2);
  });

  it.each([
    ['an unknown ZIP and an unknown city', { zipCode: '00000', city: 'Nowhere', state: 'OR' }],
    ['an unknown ZIP and no state', { zipCode: '00000', city: 'Portland' }],
    ['nothing at all', {}],
    ['a state that is an Object property name', { city: 'Portland', state: 'constructor' }],
  ])('gives 0,0 for %s', async (_, parts) => {
    expect(await embedded.geocode(address(parts))).toEqual({ latitude: 0, longitude: 0 });
  });
});
