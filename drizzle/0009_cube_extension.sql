-- Points on the unit sphere for the nearest-studio index (server/db/schema/geo.ts).
CREATE EXTENSION IF NOT EXISTS cube;
