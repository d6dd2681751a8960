CREATE TABLE "google_calendar_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"integration_id" text NOT NULL,
	"google_email" text,
	"calendar_id" text DEFAULT 'primary' NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_calendar_events" (
	"user_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"google_event_id" text NOT NULL,
	"pushed_status" "booking_status",
	"pushed_starts_at" timestamp with time zone,
	"pushed_ends_at" timestamp with time zone,
	"pushed_title" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "google_calendar_events_user_id_booking_id_pk" PRIMARY KEY("user_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "google_calendar_accounts" ADD CONSTRAINT "google_calendar_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_events" ADD CONSTRAINT "google_calendar_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_events" ADD CONSTRAINT "google_calendar_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_calendar_events_due_idx" ON "google_calendar_events" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "google_calendar_events_booking_idx" ON "google_calendar_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "google_calendar_events_failing_idx" ON "google_calendar_events" USING btree ("user_id") WHERE "google_calendar_events"."last_error" is not null;