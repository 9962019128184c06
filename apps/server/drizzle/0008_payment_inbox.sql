CREATE TABLE "payment_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"payment_account_id" bigint NOT NULL,
	"account_no" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "payment_inbox_amount_check" CHECK ("payment_inbox"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_inbox" ADD CONSTRAINT "payment_inbox_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_inbox_gateway_payment_id_key" ON "payment_inbox" USING btree ("gateway","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payment_inbox_due_idx" ON "payment_inbox" USING btree ("next_attempt_at") WHERE applied_at is null;--> statement-breakpoint
CREATE INDEX "payment_inbox_payment_account_id_idx" ON "payment_inbox" USING btree ("payment_account_id");