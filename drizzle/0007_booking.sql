CREATE TYPE "public"."booking_request_status" AS ENUM('pending', 'question', 'quoted', 'scheduled', 'declined', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."booking_service_kind" AS ENUM('consultation', 'session', 'flash');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('held', 'confirmed', 'cancelled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."confirmation_mode" AS ENUM('automatic', 'approval');--> statement-breakpoint
CREATE TYPE "public"."deposit_policy" AS ENUM('none', 'fixed', 'percent');--> statement-breakpoint
CREATE TYPE "public"."deposit_status" AS ENUM('none', 'due', 'paid', 'forfeited', 'transferable');--> statement-breakpoint
CREATE TABLE "artist_booking_settings" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"buffer_minutes" integer DEFAULT 15 NOT NULL,
	"deposit_policy" "deposit_policy" DEFAULT 'none' NOT NULL,
	"deposit_fixed_cents" integer DEFAULT 0 NOT NULL,
	"deposit_percent" integer DEFAULT 0 NOT NULL,
	"free_reschedules" integer DEFAULT 1 NOT NULL,
	"reschedule_notice_hours" integer DEFAULT 48 NOT NULL,
	"confirmation_mode" "confirmation_mode" DEFAULT 'automatic' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_booking_settings_buffer_range" CHECK ("artist_booking_settings"."buffer_minutes" between 0 and 240),
	CONSTRAINT "artist_booking_settings_deposit_fixed_min" CHECK ("artist_booking_settings"."deposit_fixed_cents" >= 0),
	CONSTRAINT "artist_booking_settings_deposit_percent_range" CHECK ("artist_booking_settings"."deposit_percent" between 0 and 100),
	CONSTRAINT "artist_booking_settings_reschedules_min" CHECK ("artist_booking_settings"."free_reschedules" >= 0 and "artist_booking_settings"."reschedule_notice_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "artist_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_time_off_ordered" CHECK ("artist_time_off"."ends_at" > "artist_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "artist_working_hours" (
	"artist_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_working_hours_artist_id_shop_id_pk" PRIMARY KEY("artist_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"shop_id" uuid,
	"thread_id" uuid,
	"service_id" uuid,
	"idea" text NOT NULL,
	"placement" text NOT NULL,
	"size" text NOT NULL,
	"style" text,
	"budget" integer,
	"reference_image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" "booking_request_status" DEFAULT 'pending' NOT NULL,
	"question" text,
	"decline_reason" text,
	"session_count" integer,
	"session_minutes" integer,
	"estimate" integer,
	"deposit" integer,
	"quote_note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_requests_budget_min" CHECK ("booking_requests"."budget" is null or "booking_requests"."budget" >= 0),
	CONSTRAINT "booking_requests_not_self" CHECK ("booking_requests"."client_id" <> "booking_requests"."artist_id")
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"kind" "booking_service_kind" NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" integer,
	"flash_image_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_services_duration_range" CHECK ("booking_services"."duration_minutes" between 15 and 720),
	CONSTRAINT "booking_services_price_min" CHECK ("booking_services"."price" is null or "booking_services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"artist_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"client_id" uuid,
	"client_name" text,
	"service_id" uuid,
	"title" text NOT NULL,
	"session_number" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"status" "booking_status" DEFAULT 'held' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"deposit" integer DEFAULT 0 NOT NULL,
	"deposit_status" "deposit_status" DEFAULT 'none' NOT NULL,
	"deposit_payment_intent_id" text,
	"deposit_paid_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"consent" jsonb,
	"consent_signed_at" timestamp with time zone,
	"id_confirmed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"day_before_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times_ordered" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_deposit_min" CHECK ("bookings"."deposit" >= 0),
	CONSTRAINT "bookings_has_client" CHECK ("bookings"."client_id" is not null or "bookings"."client_name" is not null)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "artist_booking_settings" ADD CONSTRAINT "artist_booking_settings_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_time_off" ADD CONSTRAINT "artist_time_off_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_working_hours" ADD CONSTRAINT "artist_working_hours_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_working_hours" ADD CONSTRAINT "artist_working_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_time_off_artist_idx" ON "artist_time_off" USING btree ("artist_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_requests_client_idx" ON "booking_requests" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_requests_artist_idx" ON "booking_requests" USING btree ("artist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_requests_pending_expiry_idx" ON "booking_requests" USING btree ("expires_at") WHERE "booking_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_services_artist_idx" ON "booking_services" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "bookings_artist_starts_idx" ON "bookings" USING btree ("artist_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_starts_idx" ON "bookings" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_shop_starts_idx" ON "bookings" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_live_starts_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_request_session_key" ON "bookings" USING btree ("request_id","session_number") WHERE "bookings"."status" <> 'cancelled';