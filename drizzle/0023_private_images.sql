CREATE TYPE "public"."image_visibility" AS ENUM('public', 'private');--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "visibility" "image_visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_attachments_idx" ON "messages" USING gin ("attachments" jsonb_path_ops);--> statement-breakpoint
-- Data: photos already sent in conversations and attached to booking requests were stored as the sender's reference images; they become private.
UPDATE "images" SET "visibility" = 'private' WHERE "image_type" = 'reference';
