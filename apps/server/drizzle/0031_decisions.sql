CREATE TABLE "auto_payout_days" (
	"market" text NOT NULL,
	"day" date NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auto_payout_days_market_day_pk" PRIMARY KEY("market","day"),
	CONSTRAINT "auto_payout_days_total_check" CHECK ("auto_payout_days"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auto_payout_limits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_payout_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"per_loan_max" bigint DEFAULT 0 NOT NULL,
	"daily_max" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "auto_payout_limits_status_check" CHECK (status in ('pending', 'confirmed', 'withdrawn')),
	CONSTRAINT "auto_payout_limits_amounts_check" CHECK ("auto_payout_limits"."per_loan_max" >= 0 and "auto_payout_limits"."daily_max" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_policies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"version" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"rules" jsonb NOT NULL,
	"model" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "credit_policies_status_check" CHECK (status in ('pending', 'published', 'superseded', 'withdrawn')),
	CONSTRAINT "credit_policies_market_check" CHECK ("credit_policies"."market" in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "decision_switches" (
	"market" text PRIMARY KEY NOT NULL,
	"paused" boolean NOT NULL,
	"changed_by" bigint NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"market" text NOT NULL,
	"policy_id" bigint,
	"band" text NOT NULL,
	"asked" bigint DEFAULT 0 NOT NULL,
	"approved_amount" bigint DEFAULT 0 NOT NULL,
	"reasons" jsonb NOT NULL,
	"fired" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"hard_facts" jsonb NOT NULL,
	"auto_payout" jsonb,
	"micros" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_decisions_band_check" CHECK (band in ('approve', 'refer', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_policy_id_credit_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."credit_policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_payout_limits_one_pending_key" ON "auto_payout_limits" USING btree ("market") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "auto_payout_limits_market_idx" ON "auto_payout_limits" USING btree ("market","status","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_policies_one_pending_key" ON "credit_policies" USING btree ("market") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_policies_one_published_key" ON "credit_policies" USING btree ("market") WHERE status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_policies_version_key" ON "credit_policies" USING btree ("market","version");--> statement-breakpoint
CREATE UNIQUE INDEX "order_decisions_order_key" ON "order_decisions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_decisions_market_decided_idx" ON "order_decisions" USING btree ("market","decided_at","id");