import type { ZipCode } from 'zipcodes';
import type { Coordinates, PostalAddress } from './address';

type ZipDatabase = typeof import('zipcodes');

// The zipcodes package is a 5 MB object literal (42,555 US ZIPs plus Canadian postal codes): it is
// imported on the first lookup, so a server that never geocodes never pays for it, and only once.
let database: Promise<ZipDatabase> | undefined;
const zipDatabase = () => {
  database ??= import('zipcodes');
  return database;
};

/** The 5-digit ZIP in a ZIP field ("97202", "97202-1234"); the last one when a line holds more. */
export function zipOf(text: string): string | undefined {
  return text.match(/(?<!\d)\d{5}(?=(-\d{4})?(?!\d))/g)?.at(-1);
}

/** Some entries (military and PO-box-only ZIPs) carry no coordinates: 0,0 or none at all. */
const hasCoordinates = (place: ZipCode) =>
  Number.isFinite(place.latitude) && Number.isFinite(place.longitude) && !(place.latitude === 0 && place.longitude === 0);

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Where an address's ZIP code sits (its centroid), from the embedded ZIP database; with no known
 * ZIP, the mean of its city's ZIP centroids (city and state as the form gives them). Null when
 * neither is known.
 */
export async function zipCentroid(address: PostalAddress): Promise<Coordinates | null> {
  const zipcodes = await zipDatabase();
  const zip = zipOf(address.zipCode);
  const byZip = zip ? zipcodes.lookup(zip) : undefined;
  if (byZip && hasCoordinates(byZip)) return { latitude: byZip.latitude, longitude: byZip.longitude };
  const city = address.city.trim();
  const state = address.state.trim();
  const places = city && state ? zipcodes.lookupByName(city, state).filter(hasCoordinates) : [];
  if (places.length === 0) return null;
  return { latitude: mean(places.map((p) => p.latitude)), longitude: mean(places.map((p) => p.longitude)) };
}
