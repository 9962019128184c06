ALTER TABLE "adjustment_entries" DROP CONSTRAINT "adjustment_entries_component_check";--> statement-breakpoint
ALTER TABLE "adjustments" DROP CONSTRAINT "adjustments_kind_check";--> statement-breakpoint
ALTER TABLE "adjustments" DROP CONSTRAINT "adjustments_cooling_off_check";--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "adjustment_id" bigint;--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_reverses_id_adjustments_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."adjustments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_reverses_key" ON "adjustments" USING btree ("reverses_id");--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_adjustment_check" CHECK ("payout_requests"."purpose" = 'refund' or "payout_requests"."adjustment_id" is null);--> statement-breakpoint
ALTER TABLE "adjustment_entries" ADD CONSTRAINT "adjustment_entries_component_check" CHECK (component in ('late_charge', 'fee', 'interest', 'refund', 'refund_returned'));--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_reverses_check" CHECK (("adjustments"."kind" = 'refund_returned') = ("adjustments"."reverses_id" is not null));--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_kind_check" CHECK (kind in ('waiver', 'refund', 'cooling_off', 'refund_returned'));--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_cooling_off_check" CHECK (("adjustments"."kind" = 'cooling_off') = ("adjustments"."payment_id" is not null) and ("adjustments"."kind" in ('cooling_off', 'refund_returned') or "adjustments"."requested_by" is not null));--> statement-breakpoint
-- hand-written: refund returns begin
-- A return names its refund for good: the refund it gives back never changes, as the amount never does.
CREATE OR REPLACE FUNCTION adjustments_status_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'adjustments: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.order_id <> OLD.order_id OR NEW.kind <> OLD.kind OR NEW.component IS DISTINCT FROM OLD.component
     OR NEW.amount <> OLD.amount OR NEW.note <> OLD.note OR NEW.requested_by IS DISTINCT FROM OLD.requested_by
     OR NEW.requested_at <> OLD.requested_at OR NEW.payment_id IS DISTINCT FROM OLD.payment_id
     OR NEW.reverses_id IS DISTINCT FROM OLD.reverses_id
     OR OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'adjustments: only a pending row''s status may change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
-- hand-written: refund returns end
