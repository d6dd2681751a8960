CREATE TYPE "public"."studio_activation_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "studio_activation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" "studio_activation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "studio_activation_requests" ADD CONSTRAINT "studio_activation_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_activation_requests" ADD CONSTRAINT "studio_activation_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_activation_requests" ADD CONSTRAINT "studio_activation_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_activation_requests_one_pending" ON "studio_activation_requests" USING btree ("shop_id") WHERE "studio_activation_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "studio_activation_requests_shop_idx" ON "studio_activation_requests" USING btree ("shop_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "studio_activation_requests_pending_idx" ON "studio_activation_requests" USING btree ("created_at","id") WHERE "studio_activation_requests"."status" = 'pending';