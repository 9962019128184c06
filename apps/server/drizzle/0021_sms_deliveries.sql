CREATE TABLE "sms_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"message_id" text NOT NULL,
	"purpose" text NOT NULL,
	"market" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider_code" text,
	"provider_status" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_deliveries_state_check" CHECK ("sms_deliveries"."state" in ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sms_deliveries_message_key" ON "sms_deliveries" USING btree ("provider","message_id");--> statement-breakpoint
CREATE INDEX "sms_deliveries_sent_idx" ON "sms_deliveries" USING btree ("sent_at");