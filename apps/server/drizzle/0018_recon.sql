CREATE TABLE "gateway_report_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_report_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"account_no" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_report_lines_amount_check" CHECK ("gateway_report_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"market" text NOT NULL,
	"day" date NOT NULL,
	"line_count" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"fee_total" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_reports_market_check" CHECK (market in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "recon_days" (
	"market" text NOT NULL,
	"day" date NOT NULL,
	"reconciled_at" timestamp with time zone NOT NULL,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	CONSTRAINT "recon_days_closed_check" CHECK (("recon_days"."closed_by" is null) = ("recon_days"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "recon_differences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recon_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"account_no" text NOT NULL,
	"order_id" bigint,
	"payment_id" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"expected" bigint,
	"actual" bigint,
	"paid_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recon_differences_kind_check" CHECK (kind in ('unknown_account', 'expired_account', 'amount_mismatch', 'overpayment', 'missed_callback', 'unreported_callback', 'fee_mismatch')),
	CONSTRAINT "recon_differences_status_check" CHECK (status in ('open', 'resolved', 'awaiting_refund', 'cleared')),
	CONSTRAINT "recon_differences_market_check" CHECK (market in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "recon_resolutions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recon_resolutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"difference_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"payment_id" bigint,
	CONSTRAINT "recon_resolutions_kind_check" CHECK (kind in ('apply_to_order', 'gateway_error', 'refund')),
	CONSTRAINT "recon_resolutions_status_check" CHECK (status in ('pending', 'confirmed', 'awaiting_refund', 'cancelled')),
	CONSTRAINT "recon_resolutions_order_check" CHECK (("recon_resolutions"."kind" = 'apply_to_order') = ("recon_resolutions"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "unmatched_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unmatched_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"account_no" text NOT NULL,
	"external_id" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"market" text,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unmatched_callbacks_market_check" CHECK ("unmatched_callbacks"."market" is null or market in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
ALTER TABLE "gateway_callbacks" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "gateway_callbacks" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_report_lines" ADD CONSTRAINT "gateway_report_lines_report_id_gateway_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."gateway_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_differences" ADD CONSTRAINT "recon_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_differences" ADD CONSTRAINT "recon_differences_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_resolutions" ADD CONSTRAINT "recon_resolutions_difference_id_recon_differences_id_fk" FOREIGN KEY ("difference_id") REFERENCES "public"."recon_differences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_resolutions" ADD CONSTRAINT "recon_resolutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_resolutions" ADD CONSTRAINT "recon_resolutions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_report_lines_payment_key" ON "gateway_report_lines" USING btree ("report_id","gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_reports_day_key" ON "gateway_reports" USING btree ("gateway","market","day");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_days_key" ON "recon_days" USING btree ("market","day");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_differences_key" ON "recon_differences" USING btree ("gateway","kind","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "recon_differences_day_idx" ON "recon_differences" USING btree ("market","day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_resolutions_one_pending_key" ON "recon_resolutions" USING btree ("difference_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "recon_resolutions_difference_idx" ON "recon_resolutions" USING btree ("difference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_callbacks_gateway_payment_id_key" ON "unmatched_callbacks" USING btree ("gateway","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "unmatched_callbacks_paid_at_idx" ON "unmatched_callbacks" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_market_paid_at_idx" ON "gateway_callbacks" USING btree ("market","paid_at");--> statement-breakpoint
CREATE INDEX "payment_inbox_paid_at_idx" ON "payment_inbox" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_received_at_idx" ON "payments" USING btree ("received_at","id");--> statement-breakpoint
-- hand-written: recon begin
-- What the gateway reported and the callbacks it sent for accounts we never issued are evidence,
-- kept as received: like the ledger (0006), no code path may rewrite them.
CREATE TRIGGER gateway_reports_no_update_or_delete BEFORE UPDATE OR DELETE ON gateway_reports
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER gateway_report_lines_no_update_or_delete BEFORE UPDATE OR DELETE ON gateway_report_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER unmatched_callbacks_no_update_or_delete BEFORE UPDATE OR DELETE ON unmatched_callbacks
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
-- hand-written: recon end
