CREATE TABLE "storefront_hourly_revenue" (
	"storefront_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"total_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storefront_hourly_revenue_storefront_id_hour_pk" PRIMARY KEY("storefront_id","hour")
);
--> statement-breakpoint
ALTER TABLE "storefront_hourly_revenue" ADD CONSTRAINT "storefront_hourly_revenue_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement-level triggers on orders like storefront_order_stats (0012/0015), so every
-- write path keeps it exact. Orders are locked against writes while the table is filled from them,
-- so no order committed meanwhile is missed by both the fill and the triggers.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inklink_orders_hourly_revenue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Hours in UTC whatever the session's TimeZone (date_trunc of a timestamptz follows it).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storefront_hourly_revenue AS h (storefront_id, hour, total_sum)
    SELECT storefront_id, date_trunc('hour', created_at, 'UTC'), sum(total) FROM new_rows
    WHERE inklink_is_revenue(status, deleted) GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (storefront_id, hour) DO UPDATE SET total_sum = h.total_sum + excluded.total_sum;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE storefront_hourly_revenue AS h SET total_sum = h.total_sum - d.t
    FROM (SELECT storefront_id, date_trunc('hour', created_at, 'UTC') AS hour, sum(total) AS t FROM old_rows
          WHERE inklink_is_revenue(status, deleted) GROUP BY 1, 2) AS d
    WHERE h.storefront_id = d.storefront_id AND h.hour = d.hour;
  ELSE
    -- A status, deletion, total or time change moves the order's amount between hours or in or
    -- out of revenue; rows whose counted amount did not change cancel out and lock nothing.
    INSERT INTO storefront_hourly_revenue AS h (storefront_id, hour, total_sum)
    SELECT storefront_id, date_trunc('hour', created_at, 'UTC'), sum(t)
    FROM (
      SELECT storefront_id, created_at, -total::bigint AS t FROM old_rows WHERE inklink_is_revenue(status, deleted)
      UNION ALL
      SELECT storefront_id, created_at, total::bigint FROM new_rows WHERE inklink_is_revenue(status, deleted)
    ) AS delta
    GROUP BY 1, 2 HAVING sum(t) <> 0 ORDER BY 1, 2
    ON CONFLICT (storefront_id, hour) DO UPDATE SET total_sum = h.total_sum + excluded.total_sum;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_hourly_revenue_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_hourly_revenue();
--> statement-breakpoint
CREATE TRIGGER orders_hourly_revenue_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_hourly_revenue();
--> statement-breakpoint
CREATE TRIGGER orders_hourly_revenue_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_orders_hourly_revenue();
--> statement-breakpoint
INSERT INTO storefront_hourly_revenue (storefront_id, hour, total_sum)
SELECT storefront_id, date_trunc('hour', created_at, 'UTC'), sum(total) FROM orders
WHERE inklink_is_revenue(status, deleted) GROUP BY 1, 2;
