-- Product search answers (server/domains/products/search-cache.ts) read products and storefronts:
-- both announce every change on the channel 'inklink_products' (function of migration 0017).
CREATE TRIGGER products_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
--> statement-breakpoint
CREATE TRIGGER storefronts_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON storefronts
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
