CREATE TABLE "bank_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"masked_no" text NOT NULL,
	"last4" text NOT NULL,
	"gateway" text NOT NULL,
	"card_token" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_cards_masked_no_check" CHECK ("bank_cards"."masked_no" ~ '^[0-9]{0,6}[*]+[0-9]{4}$'),
	CONSTRAINT "bank_cards_last4_check" CHECK ("bank_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "repay_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repay_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "repay_records_status_check" CHECK (status in ('pending', 'submitted')),
	CONSTRAINT "repay_records_amount_check" CHECK ("repay_records"."amount" > 0),
	CONSTRAINT "repay_records_submitted_check" CHECK (("repay_records"."status" = 'submitted') = ("repay_records"."submitted_at" is not null)),
	CONSTRAINT "repay_records_account_check" CHECK ("repay_records"."payment_account_id" is null or "repay_records"."status" = 'submitted')
);
--> statement-breakpoint
CREATE TABLE "repay_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repay_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_records" ADD CONSTRAINT "repay_records_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_records" ADD CONSTRAINT "repay_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_records" ADD CONSTRAINT "repay_records_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_records" ADD CONSTRAINT "repay_records_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_tokens" ADD CONSTRAINT "repay_tokens_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_tokens" ADD CONSTRAINT "repay_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_borrower_id_idx" ON "bank_cards" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_gateway_token_key" ON "bank_cards" USING btree ("gateway","card_token");--> statement-breakpoint
CREATE INDEX "repay_records_borrower_created_idx" ON "repay_records" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repay_tokens_token_hash_key" ON "repay_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "repay_tokens_expires_at_idx" ON "repay_tokens" USING btree ("expires_at");