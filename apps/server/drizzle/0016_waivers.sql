CREATE TABLE "adjustment_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustment_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adjustment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"period_no" integer,
	"component" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustment_entries_component_check" CHECK (component in ('late_charge', 'fee', 'interest', 'refund')),
	CONSTRAINT "adjustment_entries_amount_check" CHECK ("adjustment_entries"."amount" > 0),
	CONSTRAINT "adjustment_entries_period_check" CHECK (("adjustment_entries"."period_no" is not null) = ("adjustment_entries"."component" = 'interest'))
);
--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"component" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"payment_id" bigint,
	CONSTRAINT "adjustments_kind_check" CHECK (kind in ('waiver', 'refund', 'cooling_off')),
	CONSTRAINT "adjustments_status_check" CHECK (status in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "adjustments_amount_check" CHECK ("adjustments"."amount" > 0),
	CONSTRAINT "adjustments_component_check" CHECK (("adjustments"."kind" = 'waiver') = ("adjustments"."component" is not null) and ("adjustments"."component" is null or "adjustments"."component" in ('late_charge', 'interest'))),
	CONSTRAINT "adjustments_decided_check" CHECK (("adjustments"."status" = 'pending') = ("adjustments"."decided_at" is null)),
	CONSTRAINT "adjustments_cooling_off_check" CHECK (("adjustments"."kind" = 'cooling_off') = ("adjustments"."payment_id" is not null) and ("adjustments"."kind" = 'cooling_off' or "adjustments"."requested_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_periods" ADD COLUMN "interest_waived" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "penalty_waived" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "adjustment_entries" ADD CONSTRAINT "adjustment_entries_adjustment_id_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."adjustments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_entries" ADD CONSTRAINT "adjustment_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_entries_adjustment_idx" ON "adjustment_entries" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "adjustment_entries_order_idx" ON "adjustment_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "adjustments_order_idx" ON "adjustments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_one_pending_key" ON "adjustments" USING btree ("order_id","kind") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "order_periods" ADD CONSTRAINT "order_periods_interest_waived_check" CHECK ("order_periods"."interest_waived" >= 0 and "order_periods"."interest_paid" + "order_periods"."interest_waived" <= "order_periods"."interest");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_penalty_waived_check" CHECK ("orders"."penalty_waived" >= 0 and "orders"."penalty_paid" + "orders"."penalty_waived" <= "orders"."penalty");--> statement-breakpoint
-- hand-written: waivers begin
-- Adjustment entries are a record, like the ledger's (0006): added, never changed or removed.
CREATE TRIGGER adjustment_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON adjustment_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- An adjustment's money never changes: only its status moves, once, out of pending; no row is removed.
CREATE FUNCTION adjustments_status_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'adjustments: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.order_id <> OLD.order_id OR NEW.kind <> OLD.kind OR NEW.component IS DISTINCT FROM OLD.component
     OR NEW.amount <> OLD.amount OR NEW.note <> OLD.note OR NEW.requested_by IS DISTINCT FROM OLD.requested_by
     OR NEW.requested_at <> OLD.requested_at OR NEW.payment_id IS DISTINCT FROM OLD.payment_id
     OR OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'adjustments: only a pending row''s status may change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER adjustments_status_only BEFORE UPDATE OR DELETE ON adjustments
  FOR EACH ROW EXECUTE FUNCTION adjustments_status_only();
-- hand-written: waivers end
