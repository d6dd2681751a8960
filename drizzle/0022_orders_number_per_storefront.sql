DROP INDEX "orders_order_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_storefront_order_number_key" ON "orders" USING btree ("storefront_id","order_number");