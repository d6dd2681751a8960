ALTER TABLE "orders" ADD COLUMN "payout_account_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "application_fee" integer;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD COLUMN "transfer_reversal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD COLUMN "application_fee_refund" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_application_fee_bounds" CHECK ("orders"."application_fee" is null or ("orders"."payout_account_id" is not null and "orders"."application_fee" >= 0 and "orders"."application_fee" <= "orders"."total"));