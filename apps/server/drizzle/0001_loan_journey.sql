CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"product_id" bigint,
	"module_id" integer,
	"position" integer,
	"scene" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_kind_check" CHECK (kind in ('page', 'service', 'stand_click', 'jump', 'apply'))
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"order_id" bigint,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_borrower_order_key" UNIQUE NULLS NOT DISTINCT("borrower_id","order_id"),
	CONSTRAINT "ratings_score_check" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_fee_new" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_fee_repeat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_cap_bps" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "penalty_accrued_through" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manual_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "late_fee_new" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "late_fee_repeat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "late_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "late_cap_bps" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_product_kind_created_idx" ON "events" USING btree ("product_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "events_borrower_created_idx" ON "events" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_order_id_idx" ON "ratings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_unsettled_per_product_key" ON "orders" USING btree ("borrower_id","product_id") WHERE status in (21, 151, 170, 174, 180, 3, 5);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_late_charges_check" CHECK ("orders"."late_fee_new" >= 0 and "orders"."late_fee_repeat" >= 0 and "orders"."late_cap_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_late_charges_check" CHECK ("products"."late_fee_new" >= 0 and "products"."late_fee_repeat" >= 0 and "products"."late_cap_bps" between 0 and 10000);