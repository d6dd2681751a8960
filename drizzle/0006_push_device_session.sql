-- No code registered push devices before this migration; a device must now belong to a session.
DELETE FROM "push_devices";--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_devices_session_idx" ON "push_devices" USING btree ("session_id");