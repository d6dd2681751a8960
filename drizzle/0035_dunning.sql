ALTER TABLE "subscriptions" ADD COLUMN "failed_payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "next_retry_at" timestamp with time zone;