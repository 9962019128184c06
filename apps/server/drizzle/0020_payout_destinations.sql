CREATE TABLE "payout_destinations" (
	"borrower_id" bigint PRIMARY KEY NOT NULL,
	"channel_code" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"ifsc" text,
	"vpa" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_destinations_account_check" CHECK ("payout_destinations"."account_number" <> '' or "payout_destinations"."vpa" is not null)
);
--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;