CREATE TABLE "borrower_identities" (
	"borrower_id" bigint PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"full_name" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_masked" text NOT NULL,
	"details" text NOT NULL,
	"id_lookup" text NOT NULL,
	"kyc_vendor" text NOT NULL,
	"kyc_reference" text NOT NULL,
	"kyc_result" text NOT NULL,
	"kyc_checked_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_identities_kind_check" CHECK (document_kind in ('nik', 'pan', 'curp')),
	CONSTRAINT "borrower_identities_result_check" CHECK (kyc_result in ('verified', 'failed')),
	CONSTRAINT "borrower_identities_market_check" CHECK ("borrower_identities"."market" in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
CREATE TABLE "identity_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"full_name" text NOT NULL,
	"document_masked" text NOT NULL,
	"details" text NOT NULL,
	"kyc_result" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"market" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"other_borrower_id" bigint,
	"holder_name" text,
	"account_masked" text,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	CONSTRAINT "kyc_flags_kind_check" CHECK (kind in ('duplicateIdentity', 'nameMismatch')),
	CONSTRAINT "kyc_flags_status_check" CHECK (status in ('open', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "payout_destinations" DROP CONSTRAINT "payout_destinations_account_check";--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "market" text;--> statement-breakpoint
UPDATE "payout_destinations" d SET "market" = b."market" FROM "borrowers" b WHERE b."id" = d."borrower_id";--> statement-breakpoint
ALTER TABLE "payout_destinations" ALTER COLUMN "market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "kind" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "institution" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "masked" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "name_check" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "holder_name_found" text;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "check_reference" text;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- accounts kept before: a UPI id moves into the number (sealed at the next start, as every plain value),
-- what staff may see is written once, and each is checked with its provider before its next payout
UPDATE "payout_destinations" SET "account_number" = "vpa", "kind" = 'upi' WHERE "account_number" = '' AND "vpa" IS NOT NULL;--> statement-breakpoint
UPDATE "payout_destinations" SET "kind" = 'clabe' WHERE "channel_code" ~ '^40[0-9]{3}$';--> statement-breakpoint
UPDATE "payout_destinations" SET
  "institution" = coalesce("ifsc", "channel_code"),
  "last4" = CASE WHEN "kind" = 'upi' THEN NULL ELSE right("account_number", 4) END,
  "masked" = CASE WHEN "kind" = 'upi' THEN left("account_number", 3) || '•••@' || split_part("account_number", '@', 2) ELSE coalesce("ifsc", "channel_code") || ' •••• ' || right("account_number", 4) END,
  "next_check_at" = now();--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_versions" ADD CONSTRAINT "identity_versions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_flags" ADD CONSTRAINT "kyc_flags_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_flags" ADD CONSTRAINT "kyc_flags_other_borrower_id_borrowers_id_fk" FOREIGN KEY ("other_borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_identities_lookup_key" ON "borrower_identities" USING btree ("id_lookup");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_versions_borrower_version_key" ON "identity_versions" USING btree ("borrower_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_flags_open_key" ON "kyc_flags" USING btree ("borrower_id","kind") WHERE "kyc_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "kyc_flags_status_idx" ON "kyc_flags" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payout_destinations_pending_check_idx" ON "payout_destinations" USING btree ("next_check_at") WHERE "payout_destinations"."name_check" = 'pending';--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_kind_check" CHECK (kind in ('bank', 'ewallet', 'upi', 'clabe', 'debitCard'));--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_name_check_check" CHECK (name_check in ('pending', 'match', 'mismatch', 'unknownAccount', 'notAvailable', 'accepted'));--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_account_check" CHECK ("payout_destinations"."account_number" <> '');