import type { Coordinates, PostalAddress } from './address';

const TIMEOUT_MS = 3000;

/**
 * A Nominatim-style search (GET ?q=<address>, USA&format=json, the first result's lat/lon): the
 * precise provider at GEOCODER_URL. Null when it knows no such place; throws when it cannot answer.
 */
export async function searchNominatim(url: string, address: PostalAddress): Promise<Coordinates | null> {
  const target = new URL(url);
  target.searchParams.set('q', `${address.street}, ${address.city}, ${address.state} ${address.zipCode}, USA`);
  target.searchParams.set('format', 'json');
  const response = await fetch(target, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const results = (await response.json()) as Array<{ lat?: string; lon?: string }>;
  const latitude = Number(results[0]?.lat);
  const longitude = Number(results[0]?.lon);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}
