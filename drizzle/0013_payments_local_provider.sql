CREATE TABLE "local_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"email" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_connect_accounts_idempotency_key_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"customer_id" text,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"charge_id" text,
	"failure_message" text,
	"decline_code" text,
	"destination_account_id" text,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payment_intents_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "local_payment_intents_refund_bounds" CHECK ("local_payment_intents"."amount_refunded" >= 0 and "local_payment_intents"."amount_refunded" <= "local_payment_intents"."amount")
);
--> statement-breakpoint
CREATE TABLE "local_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	CONSTRAINT "local_payouts_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "local_payouts_amount_positive" CHECK ("local_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"default_payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"trial_end" timestamp with time zone,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"latest_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_subscriptions_idempotency_key_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "payment_history_charge_idx";--> statement-breakpoint
ALTER TABLE "local_payouts" ADD CONSTRAINT "local_payouts_account_id_local_connect_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."local_connect_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_payment_intent_id_local_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."local_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_payment_intents_destination_idx" ON "local_payment_intents" USING btree ("destination_account_id");--> statement-breakpoint
CREATE INDEX "local_payouts_account_created_idx" ON "local_payouts" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_history_charge_key" ON "payment_history" USING btree ("stripe_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_open_key" ON "payment_transactions" USING btree ("payment_request_id") WHERE "payment_transactions"."status" in ('processing', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_personal_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."studio_id" is null and "subscriptions"."deleted" = false and "subscriptions"."status" not in ('canceled', 'incomplete_expired');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_studio_key" ON "subscriptions" USING btree ("studio_id") WHERE "subscriptions"."studio_id" is not null and "subscriptions"."deleted" = false and "subscriptions"."status" not in ('canceled', 'incomplete_expired');