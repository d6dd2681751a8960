-- Re-creates the commerce aggregate triggers of 0012 and recomputes the aggregates from the
-- orders. A database migrated in the moment 0012 still held drizzle-kit's placeholder recorded it
-- as applied without the triggers; this heals it (and is a no-op rebuild everywhere else).
CREATE OR REPLACE FUNCTION inklink_is_revenue(status order_status, deleted boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT NOT deleted AND status IN ('confirmed', 'processing', 'shipped', 'delivered') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inklink_orders_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storefront_order_stats AS s (storefront_id, status, order_count, total_sum)
    SELECT storefront_id, status, count(*), sum(total) FROM new_rows WHERE NOT deleted GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (storefront_id, status) DO UPDATE
      SET order_count = s.order_count + excluded.order_count, total_sum = s.total_sum + excluded.total_sum;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    -- Orders are buyers' records and are not hard-deleted by the app; counted for completeness.
    UPDATE storefront_order_stats AS s SET order_count = s.order_count - d.n, total_sum = s.total_sum - d.t
    FROM (SELECT storefront_id, status, count(*) AS n, sum(total) AS t FROM old_rows WHERE NOT deleted GROUP BY 1, 2) AS d
    WHERE s.storefront_id = d.storefront_id AND s.status = d.status;
    RETURN NULL;
  END IF;

  INSERT INTO storefront_order_stats AS s (storefront_id, status, order_count, total_sum)
  SELECT storefront_id, status, sum(n), sum(t)
  FROM (
    SELECT storefront_id, status, -1 AS n, -total::bigint AS t FROM old_rows WHERE NOT deleted
    UNION ALL
    SELECT storefront_id, status, 1, total::bigint FROM new_rows WHERE NOT deleted
  ) AS delta
  GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2
  ON CONFLICT (storefront_id, status) DO UPDATE
    SET order_count = s.order_count + excluded.order_count, total_sum = s.total_sum + excluded.total_sum;

  -- An order entering a revenue status adds its lines to product_sales; leaving one takes them off.
  INSERT INTO product_sales AS p (product_id, storefront_id, units_sold, revenue)
  SELECT i.product_id, c.storefront_id, sum(c.sign * i.quantity), sum(c.sign * i.subtotal)
  FROM (
    SELECT n.id, n.storefront_id, CASE WHEN inklink_is_revenue(n.status, n.deleted) THEN 1 ELSE -1 END AS sign
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE inklink_is_revenue(n.status, n.deleted) <> inklink_is_revenue(o.status, o.deleted)
  ) AS c
  JOIN order_items i ON i.order_id = c.id
  WHERE i.product_id IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE
    SET units_sold = p.units_sold + excluded.units_sold, revenue = p.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inklink_order_items_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lines added to an order already in a revenue status count at once (checkout inserts lines
  -- while the order is pending, so they count when it is confirmed, through the orders trigger).
  INSERT INTO product_sales AS p (product_id, storefront_id, units_sold, revenue)
  SELECT i.product_id, o.storefront_id, sum(i.quantity), sum(i.subtotal)
  FROM new_rows i JOIN orders o ON o.id = i.order_id
  WHERE i.product_id IS NOT NULL AND inklink_is_revenue(o.status, o.deleted)
  GROUP BY 1, 2 ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE
    SET units_sold = p.units_sold + excluded.units_sold, revenue = p.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_aggregate_insert ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_aggregate_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_aggregate();
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_aggregate_update ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_aggregate_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_aggregate();
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_aggregate_delete ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_aggregate_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_aggregate();
--> statement-breakpoint
DROP TRIGGER IF EXISTS order_items_aggregate_insert ON order_items;
--> statement-breakpoint
CREATE TRIGGER order_items_aggregate_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_order_items_aggregate();
--> statement-breakpoint
-- The aggregates, recomputed from every order.
DELETE FROM storefront_order_stats;
--> statement-breakpoint
DELETE FROM product_sales;
--> statement-breakpoint
INSERT INTO storefront_order_stats (storefront_id, status, order_count, total_sum)
SELECT storefront_id, status, count(*), sum(total) FROM orders WHERE NOT deleted GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales (product_id, storefront_id, units_sold, revenue)
SELECT i.product_id, o.storefront_id, sum(i.quantity), sum(i.subtotal)
FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products pr ON pr.id = i.product_id
WHERE inklink_is_revenue(o.status, o.deleted)
GROUP BY 1, 2;
