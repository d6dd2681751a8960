-- Announces every change to products and storefronts on the channel 'inklink_products' (see
-- server/domains/products/search-cache.ts), whoever made it, so each server process can drop the
-- product search answers it keeps (a search reads both tables). One notification per statement;
-- NOTIFY is delivered only when the transaction commits, and identical notifications of one
-- transaction are folded into one.
CREATE OR REPLACE FUNCTION inklink_announce_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inklink_products', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_product_change();
--> statement-breakpoint
CREATE TRIGGER storefronts_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON storefronts
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_product_change();
