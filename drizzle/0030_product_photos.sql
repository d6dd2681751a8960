ALTER TYPE "public"."image_type" ADD VALUE 'product';--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_id" uuid,
	"external_url" text,
	"alt_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_product_position_key" UNIQUE("product_id","position"),
	CONSTRAINT "product_photos_image_key" UNIQUE("image_id"),
	CONSTRAINT "product_photos_position_range" CHECK ("product_photos"."position" >= 0 and "product_photos"."position" < 10),
	CONSTRAINT "product_photos_one_source" CHECK (("product_photos"."image_id" is null) <> ("product_photos"."external_url" is null))
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;