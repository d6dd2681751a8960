-- Existing products keep their images (issue 20): each typed-in URL becomes a photo in the same
-- order, as an external URL (no file of ours, no variants), with the product's name as alt text.
INSERT INTO "product_photos" ("product_id", "position", "external_url", "alt_text")
SELECT p."id", u."ord" - 1, u."url", p."name"
FROM "products" p
CROSS JOIN LATERAL unnest(p."images") WITH ORDINALITY AS u("url", "ord")
WHERE u."ord" <= 10 AND btrim(u."url") <> '';
--> statement-breakpoint
-- The search cache (products/search-cache.ts) answers with products' photos, so a change of
-- photos is a change of products; and the images column is left out of the update trigger
-- (migration 0020) before 0032 drops it.
DROP TRIGGER products_announce_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_announce_update AFTER UPDATE OF id, storefront_id, name, description, price, category, tags, featured, status,
    track_inventory, low_stock_threshold, allow_backorders, variants, customization_options, created_at, updated_at, deleted, deleted_at
  ON products FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
--> statement-breakpoint
CREATE TRIGGER product_photos_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_photos
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
