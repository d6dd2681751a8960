import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A latitude/longitude in degrees as a point on the unit sphere (a `cube`). The Euclidean (chord)
 * distance between two such points grows with the great-circle distance, so ordering by
 * `a <-> b` is nearest-first, and a GiST index on this expression serves it as a KNN scan. The
 * index (shops_location_knn_idx) and the queries must spell the expression the same way: use this.
 */
export function pointOnSphere(latitude: SQLWrapper | number, longitude: SQLWrapper | number): SQL {
  return sql`cube(array[cos(radians(${latitude})) * cos(radians(${longitude})), cos(radians(${latitude})) * sin(radians(${longitude})), sin(radians(${latitude}))])`;
}
