CREATE TABLE "gateway_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_account_id" bigint NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"period_no" integer,
	"component" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_component_check" CHECK (component in ('late_charge', 'fee', 'interest', 'principal', 'extension_fee', 'overpayment')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_period_check" CHECK (("ledger_entries"."period_no" is not null) = ("ledger_entries"."component" in ('interest', 'principal')))
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"period_count" integer,
	"method" text NOT NULL,
	"account_kind" text NOT NULL,
	"account_no" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"market" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_accounts_purpose_check" CHECK (purpose in ('repay', 'extension')),
	CONSTRAINT "payment_accounts_status_check" CHECK (status in ('pending', 'paid', 'expired')),
	CONSTRAINT "payment_accounts_market_check" CHECK ("payment_accounts"."market" in ('ID', 'IN', 'MX')),
	CONSTRAINT "payment_accounts_amount_check" CHECK ("payment_accounts"."amount" > 0),
	CONSTRAINT "payment_accounts_period_count_check" CHECK ("payment_accounts"."period_count" is null or "payment_accounts"."period_count" > 0),
	CONSTRAINT "payment_accounts_paid_at_check" CHECK (("payment_accounts"."status" = 'paid') = ("payment_accounts"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"payment_account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_periods" ADD COLUMN "interest_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_periods" ADD COLUMN "principal_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "penalty_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Periods paid before this migration carry only their sum: a payment covers interest first
-- (docs/product/money-rules.md#repayment), so that is how the sum splits.
UPDATE "order_periods" SET "interest_paid" = least("paid", "interest"), "principal_paid" = least("paid" - least("paid", "interest"), "principal") WHERE "paid" > 0;--> statement-breakpoint
ALTER TABLE "gateway_callbacks" ADD CONSTRAINT "gateway_callbacks_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callbacks_payment_account_id_key" ON "gateway_callbacks" USING btree ("payment_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callbacks_gateway_payment_id_key" ON "gateway_callbacks" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_due_idx" ON "gateway_callbacks" USING btree ("next_attempt_at") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_id_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_one_pending_key" ON "payment_accounts" USING btree ("order_id","purpose","method","amount") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payment_accounts_borrower_created_idx" ON "payment_accounts" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_accounts_account_no_idx" ON "payment_accounts" USING btree ("account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_gateway_ref_key" ON "payment_accounts" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_payment_id_key" ON "payments" USING btree ("gateway","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_payment_account_id_idx" ON "payments" USING btree ("payment_account_id");--> statement-breakpoint
ALTER TABLE "order_periods" ADD CONSTRAINT "order_periods_paid_parts_check" CHECK ("order_periods"."interest_paid" between 0 and "order_periods"."interest" and "order_periods"."principal_paid" between 0 and "order_periods"."principal");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_penalty_paid_check" CHECK ("orders"."penalty_paid" between 0 and "orders"."penalty");--> statement-breakpoint
-- The ledger is a record of money received and where it went: rows are added, never changed or
-- removed (as events, 0002). A correction is a new entry, never a rewrite.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_no_update_or_delete BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
