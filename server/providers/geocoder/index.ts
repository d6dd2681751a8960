import type pino from 'pino';

export type Coordinates = { latitude: number; longitude: number };
export type Geocoder = { geocode(address: string): Promise<Coordinates> };

/** The spec's value when an address cannot be geocoded. */
export const UNKNOWN_LOCATION: Coordinates = { latitude: 0, longitude: 0 };
const TIMEOUT_MS = 3000;

/**
 * Nominatim-style search (GET ?q=<address>, USA&format=json, first result's lat/lon). With no
 * GEOCODER_URL every address is 0,0. A failure never blocks a save: it is logged and gives 0,0.
 */
export function createGeocoder(url: string | undefined, logger: pino.Logger): Geocoder {
  return {
    async geocode(address) {
      if (!url) return UNKNOWN_LOCATION;
      try {
        const target = new URL(url);
        target.searchParams.set('q', `${address}, USA`);
        target.searchParams.set('format', 'json');
        const response = await fetch(target, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
        const results = (await response.json()) as Array<{ lat?: string; lon?: string }>;
        const latitude = Number(results[0]?.lat);
        const longitude = Number(results[0]?.lon);
        if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return UNKNOWN_LOCATION;
        return { latitude, longitude };
      } catch (error) {
        logger.warn({ err: error }, 'geocoding failed; using 0,0');
        return UNKNOWN_LOCATION;
      }
    },
  };
}
