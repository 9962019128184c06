CREATE TABLE "staff_role_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_role_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"role" text NOT NULL,
	"markets" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "staff_role_requests_status_check" CHECK ("staff_role_requests"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "staff_role_requests_role_check" CHECK ("staff_role_requests"."role" in ('agent', 'risk', 'finance', 'collector', 'admin')),
	CONSTRAINT "staff_role_requests_markets_check" CHECK (cardinality("staff_role_requests"."markets") between 1 and 3 and "staff_role_requests"."markets" <@ array['ID', 'IN', 'MX']),
	CONSTRAINT "staff_role_requests_four_eyes_check" CHECK ("staff_role_requests"."decided_by" is null or "staff_role_requests"."status" = 'cancelled' or "staff_role_requests"."decided_by" <> "staff_role_requests"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "qa_records" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "qa_records" ADD COLUMN "linked_qa_id" bigint;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "last_sign_in_ip" text;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_requests" ADD CONSTRAINT "staff_role_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_role_requests_pending_key" ON "staff_role_requests" USING btree ("staff_id") WHERE "staff_role_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "qa_records_gaps_idx" ON "qa_records" USING btree ("market","created_at") WHERE "qa_records"."type" = 4 and "qa_records"."matched" = false and "qa_records"."linked_qa_id" is null;--> statement-breakpoint
-- hand-written: kb begin
update "qa_records" r set "market" = b."market" from "borrowers" b where b."id" = r."borrower_id" and r."market" is null;
-- hand-written: kb end
