-- A product's change is announced on 'inklink_products' by the statement that makes it, except a
-- change of its stock alone: checkout takes stock in a statement that commits on its own, and a
-- NOTIFY in it serialized every checkout's commit on PostgreSQL's notify lock. Checkout announces
-- its stock change itself once committed (server/lib/announcer.ts); every other writer of stock
-- (a restock, the inventory page) also sets updated_at, which this trigger announces.
DROP TRIGGER products_announce_change ON products;
--> statement-breakpoint
CREATE TRIGGER products_announce_change AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
--> statement-breakpoint
CREATE TRIGGER products_announce_update AFTER UPDATE OF id, storefront_id, name, description, price, category, tags, featured, status,
    images, track_inventory, low_stock_threshold, allow_backorders, variants, customization_options, created_at, updated_at, deleted, deleted_at
  ON products FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_products');
