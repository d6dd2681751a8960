-- One live membership per (shop, user) at any instant: non-deleted shop_users rows of the same
-- shop and user may not have overlapping [start_date, end_date] windows (null end = open-ended).
-- drizzle-kit cannot express exclusion constraints, hence this hand-written migration (needs btree_gist).
ALTER TABLE "shop_users" ADD CONSTRAINT "shop_users_no_overlap" EXCLUDE USING gist (
	"shop_id" WITH =,
	"user_id" WITH =,
	tstzrange("start_date", "end_date", '[]') WITH &&
) WHERE ("deleted" = false);
