-- No double booking, whatever the code does: two held or confirmed bookings of one artist may not
-- overlap in [starts_at, blocked_until) (blocked_until = end of session + the artist's buffer), at
-- any studio. drizzle-kit cannot express exclusion constraints, hence this hand-written migration
-- (btree_gist comes from migration 0000).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
	"artist_id" WITH =,
	tstzrange("starts_at", "blocked_until", '[)') WITH &&
) WHERE ("status" IN ('held', 'confirmed'));
