CREATE TABLE "bureau_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bureau_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"market" text NOT NULL,
	"complaint_id" bigint,
	"requested_by" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "bureau_findings" (
	"run_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"account_no" text NOT NULL,
	"problem" text NOT NULL,
	"field" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bureau_records" (
	"run_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"account_no" text NOT NULL,
	"subject_no" text NOT NULL,
	"identity_version_id" bigint,
	"phone" text NOT NULL,
	"installments" integer NOT NULL,
	"term_days" integer NOT NULL,
	"disbursed" bigint DEFAULT 0 NOT NULL,
	"disbursed_on" date NOT NULL,
	"state" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"overdue" bigint DEFAULT 0 NOT NULL,
	"days_past_due" integer NOT NULL,
	"due_on" date NOT NULL,
	"last_payment_on" date,
	"last_payment_amount" bigint,
	"closed_on" date,
	"correction" boolean NOT NULL,
	CONSTRAINT "bureau_records_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bureau_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bureau_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"period" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'built' NOT NULL,
	"cutoff_on" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"built_by" bigint,
	"records" integer NOT NULL,
	"subjects" integer NOT NULL,
	"corrections" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"overdue" bigint DEFAULT 0 NOT NULL,
	"ledger_balance" bigint DEFAULT 0 NOT NULL,
	"missing" integer NOT NULL,
	"records_with_errors" integer NOT NULL,
	"millis" integer NOT NULL,
	CONSTRAINT "bureau_runs_status_check" CHECK (status in ('built', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "bureau_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bureau_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"market" text NOT NULL,
	"period" text NOT NULL,
	"bureau" text NOT NULL,
	"sent_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "bureau_sends_status_check" CHECK (status in ('pending', 'confirmed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "bureau_corrections" ADD CONSTRAINT "bureau_corrections_run_id_bureau_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bureau_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_findings" ADD CONSTRAINT "bureau_findings_run_id_bureau_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bureau_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_records" ADD CONSTRAINT "bureau_records_run_id_bureau_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bureau_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_sends" ADD CONSTRAINT "bureau_sends_run_id_bureau_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bureau_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bureau_corrections_order_idx" ON "bureau_corrections" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bureau_corrections_complaint_idx" ON "bureau_corrections" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "bureau_corrections_market_run_idx" ON "bureau_corrections" USING btree ("market","run_id");--> statement-breakpoint
CREATE INDEX "bureau_findings_run_idx" ON "bureau_findings" USING btree ("run_id","seq");--> statement-breakpoint
CREATE INDEX "bureau_records_order_idx" ON "bureau_records" USING btree ("order_id","run_id");--> statement-breakpoint
CREATE INDEX "bureau_records_file_idx" ON "bureau_records" USING btree ("run_id","subject_no","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_runs_market_period_version_key" ON "bureau_runs" USING btree ("market","period","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_runs_one_built_key" ON "bureau_runs" USING btree ("market","period") WHERE status = 'built';--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_sends_one_pending_key" ON "bureau_sends" USING btree ("run_id","bureau") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_sends_one_confirmed_key" ON "bureau_sends" USING btree ("market","period","bureau") WHERE status = 'confirmed';--> statement-breakpoint
-- docs/product/credit-reporting.md#runs: a kept run's records and findings are never changed
CREATE FUNCTION bureau_kept_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a kept run is never changed: % on %', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER bureau_records_kept BEFORE UPDATE OR DELETE ON "bureau_records" FOR EACH ROW EXECUTE FUNCTION bureau_kept_refuse();--> statement-breakpoint
CREATE TRIGGER bureau_findings_kept BEFORE UPDATE OR DELETE ON "bureau_findings" FOR EACH ROW EXECUTE FUNCTION bureau_kept_refuse();
