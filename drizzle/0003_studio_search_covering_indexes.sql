DROP INDEX "shops_search_name_prefix_idx";--> statement-breakpoint
DROP INDEX "shops_search_city_prefix_idx";--> statement-breakpoint
CREATE INDEX "shops_search_name_quality_idx" ON "shops" USING btree ("search_name" text_pattern_ops,"quality" DESC NULLS LAST,"id") WHERE "shops"."deleted" = false;--> statement-breakpoint
CREATE INDEX "shops_search_city_quality_idx" ON "shops" USING btree ("search_city" text_pattern_ops,"quality" DESC NULLS LAST,"id") WHERE "shops"."deleted" = false;