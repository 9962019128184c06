CREATE TABLE "stored_files" (
	"name" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" = octet_length("stored_files"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "promotion_sids" ADD COLUMN "demo_captcha_answer" text;