-- studio.search within a state (decision 030): a city lies in one state, but the planner takes
-- a state and a city prefix as independent and expected a few hundred studios of "new" in LA
-- where all 4,127 of New Orleans matched (and the reverse in CA), so it chose plans that read
-- and sorted thousands of rows. The most-common-values list over the pair gives it their joint
-- frequencies; the search writes the prefix as a ~>=~ / ~<~ range, which these statistics serve.
CREATE STATISTICS IF NOT EXISTS "shops_state_search_city_stats" (mcv) ON "state", "search_city" FROM "shops";--> statement-breakpoint
ANALYZE "shops";
