CREATE TABLE "payment_request_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_request_id" uuid NOT NULL,
	"payment_transaction_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"platform_fee_returned" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_request_refunds_provider_refund_id_key" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_request_refunds_amount_positive" CHECK ("payment_request_refunds"."amount" > 0),
	CONSTRAINT "payment_request_refunds_fee_bounds" CHECK ("payment_request_refunds"."platform_fee_returned" >= 0 and "payment_request_refunds"."platform_fee_returned" <= "payment_request_refunds"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "refund_pending_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_request_refunds" ADD CONSTRAINT "payment_request_refunds_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_refunds" ADD CONSTRAINT "payment_request_refunds_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_refunds" ADD CONSTRAINT "payment_request_refunds_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_refunds" ADD CONSTRAINT "payment_request_refunds_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_refunds_request_idx" ON "payment_request_refunds" USING btree ("payment_request_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_refund_bounds" CHECK ("payment_requests"."refunded_amount" >= 0 and "payment_requests"."refund_pending_amount" >= 0 and "payment_requests"."refunded_amount" + "payment_requests"."refund_pending_amount" <= "payment_requests"."amount");