CREATE TABLE "product_sales" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"storefront_id" uuid NOT NULL,
	"units_sold" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_order_stats" (
	"storefront_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"total_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storefront_order_stats_storefront_id_status_pk" PRIMARY KEY("storefront_id","status")
);
--> statement-breakpoint
DROP INDEX "orders_revenue_idx";--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_order_stats" ADD CONSTRAINT "storefront_order_stats_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_storefront_revenue_idx" ON "product_sales" USING btree ("storefront_id","revenue" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_public_storefront_idx" ON "products" USING btree ("storefront_id","created_at" DESC NULLS LAST,"id") WHERE "products"."status" = 'active' and "products"."deleted" = false;--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "products"."status" = 'active' and "products"."deleted" = false;--> statement-breakpoint
CREATE INDEX "orders_revenue_idx" ON "orders" USING btree ("storefront_id","created_at","total") WHERE "orders"."status" in ('confirmed', 'processing', 'shipped', 'delivered') and "orders"."deleted" = false;