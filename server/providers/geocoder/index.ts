import type pino from 'pino';
import type { Coordinates, PostalAddress } from './address';
import { searchNominatim } from './nominatim';
import { zipCentroid } from './zip-centroids';

export type { Coordinates, PostalAddress } from './address';
export type Geocoder = { geocode(address: PostalAddress): Promise<Coordinates> };

/** The spec's value when an address cannot be geocoded. */
export const UNKNOWN_LOCATION: Coordinates = { latitude: 0, longitude: 0 };

/**
 * GEOCODER_URL, when set, is the precise provider (the street's own coordinates). Without it, and
 * whenever it fails or knows no such address, the embedded ZIP centroid stands in: near enough for
 * nearest-first search, where 0,0 would hide the studio. Nothing known at all gives 0,0. A
 * geocoding failure never blocks a save.
 */
export function createGeocoder(url: string | undefined, logger: pino.Logger): Geocoder {
  const centroidOrUnknown = async (address: PostalAddress) => {
    try {
      return (await zipCentroid(address)) ?? UNKNOWN_LOCATION;
    } catch (error) {
      // The package's city index trips over some free-text states (an admin's "constructor").
      logger.warn({ err: error }, 'ZIP centroid lookup failed; using 0,0');
      return UNKNOWN_LOCATION;
    }
  };
  if (!url) return { geocode: centroidOrUnknown };
  return {
    async geocode(address) {
      try {
        const precise = await searchNominatim(url, address);
        if (precise) return precise;
      } catch (error) {
        logger.warn({ err: error }, 'geocoding failed; using the ZIP centroid');
      }
      return centroidOrUnknown(address);
    },
  };
}
