CREATE TABLE "sandbox_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"provider_ref" text NOT NULL,
	"order_no" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"market" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"plan" text NOT NULL,
	"reason" text,
	"fault" text,
	"faults_left" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"finish_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"callback_attempts" integer DEFAULT 0 NOT NULL,
	"callback_next_at" timestamp with time zone,
	"callback_delivered_at" timestamp with time zone,
	"callback_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payouts_status_check" CHECK ("sandbox_payouts"."status" in ('received', 'refused', 'accepted', 'completed', 'failed')),
	CONSTRAINT "sandbox_payouts_plan_check" CHECK ("sandbox_payouts"."plan" in ('complete', 'fail', 'refuse', 'silent'))
);
--> statement-breakpoint
CREATE TABLE "payout_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"request_id" bigint NOT NULL,
	"status" text NOT NULL,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_id" bigint,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_events_actor_check" CHECK ("payout_events"."actor_kind" in ('staff', 'system', 'provider') and ("payout_events"."actor_kind" = 'staff') = ("payout_events"."staff_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_requests" DROP CONSTRAINT "payout_requests_status_check";--> statement-breakpoint
ALTER TABLE "payout_requests" DROP CONSTRAINT "payout_requests_decided_check";--> statement-breakpoint
DROP INDEX "payout_requests_one_pending_key";--> statement-breakpoint
ALTER TABLE "payout_requests" ALTER COLUMN "requested_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "purpose" text DEFAULT 'disbursement' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_callbacks" ADD CONSTRAINT "payout_callbacks_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_key_key" ON "sandbox_payouts" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_provider_ref_key" ON "sandbox_payouts" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "sandbox_payouts_callback_due_idx" ON "sandbox_payouts" USING btree ("callback_next_at") WHERE callback_delivered_at is null and callback_next_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_callbacks_event_key" ON "payout_callbacks" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payout_events_request_idx" ON "payout_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_one_open_key" ON "payout_requests" USING btree ("order_id","purpose") WHERE status in ('pending', 'confirmed', 'sending', 'accepted');--> statement-breakpoint
CREATE INDEX "payout_requests_due_idx" ON "payout_requests" USING btree ("next_attempt_at") WHERE status in ('confirmed', 'sending', 'accepted');--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_purpose_check" CHECK ("payout_requests"."purpose" in ('disbursement'));--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_status_check" CHECK ("payout_requests"."status" in ('pending', 'confirmed', 'sending', 'accepted', 'completed', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_decided_check" CHECK ("payout_requests"."status" <> 'pending' or "payout_requests"."decided_by" is null);--> statement-breakpoint
-- hand-written: payouts begin
-- Before the outbox a confirmation sent the money at once and paid the order out in the same
-- transaction: those requests are completed, at the time they were confirmed.
UPDATE "payout_requests" SET "status" = 'completed', "accepted_at" = "decided_at", "completed_at" = "decided_at" WHERE "status" = 'confirmed' AND "next_attempt_at" IS NULL;
-- hand-written: payouts end
