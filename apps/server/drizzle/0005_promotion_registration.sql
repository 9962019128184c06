CREATE TABLE "channel_templates" (
	"id" integer PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"app_name" text NOT NULL,
	"copy" jsonb NOT NULL,
	"banner_url" text NOT NULL,
	"logo_url" text NOT NULL,
	"theme_color" text NOT NULL,
	"android_url" text NOT NULL,
	"ios_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_templates_market_check" CHECK ("channel_templates"."market" in ('ID', 'IN', 'MX')),
	CONSTRAINT "channel_templates_status_check" CHECK ("channel_templates"."status" in ('active', 'disabled')),
	CONSTRAINT "channel_templates_theme_color_check" CHECK ("channel_templates"."theme_color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "promotion_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"page_id" text,
	"page_type" text,
	"user_from" text,
	"client_type" text,
	"utm_tag" text,
	"app_from" text,
	"phone_masked" text,
	"borrower_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_events_kind_check" CHECK (kind in ('visit', 'click', 'register'))
);
--> statement-breakpoint
CREATE TABLE "promotion_sids" (
	"sid_hash" text PRIMARY KEY NOT NULL,
	"captcha_hash" text,
	"captcha_expires_at" timestamp with time zone,
	"sent_captcha_hash" text,
	"sent_phone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_events" ADD CONSTRAINT "promotion_events_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_events_kind_created_idx" ON "promotion_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "promotion_sids_expires_at_idx" ON "promotion_sids" USING btree ("expires_at");