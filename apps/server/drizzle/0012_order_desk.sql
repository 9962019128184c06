CREATE TABLE "order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_id" bigint,
	"reason" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_history_actor_check" CHECK ("order_history"."actor_kind" in ('system', 'staff', 'borrower', 'gateway') and ("order_history"."actor_kind" = 'staff') = ("order_history"."staff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"provider" text,
	"provider_ref" text,
	"failure_reason" text,
	CONSTRAINT "payout_requests_status_check" CHECK ("payout_requests"."status" in ('pending', 'confirmed', 'failed', 'cancelled')),
	CONSTRAINT "payout_requests_decided_check" CHECK (("payout_requests"."status" = 'pending') = ("payout_requests"."decided_by" is null)),
	CONSTRAINT "payout_requests_amount_check" CHECK ("payout_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_history_to_at_idx" ON "order_history" USING btree ("to_status","at");--> statement-breakpoint
CREATE INDEX "payout_requests_order_idx" ON "payout_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_one_pending_key" ON "payout_requests" USING btree ("order_id") WHERE status = 'pending';