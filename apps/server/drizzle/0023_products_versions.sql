CREATE TABLE "product_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"code" text NOT NULL,
	"product_id" bigint,
	"draft" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"published_product_id" bigint,
	CONSTRAINT "product_versions_status_check" CHECK (status in ('pending', 'published', 'withdrawn')),
	CONSTRAINT "product_versions_market_check" CHECK ("product_versions"."market" in ('ID', 'IN', 'MX'))
);
--> statement-breakpoint
DROP INDEX "products_code_key";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lineage_id" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_published_product_id_products_id_fk" FOREIGN KEY ("published_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_one_pending_key" ON "product_versions" USING btree ("code") WHERE "product_versions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_versions_market_status_idx" ON "product_versions" USING btree ("market","status");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_current_key" ON "products" USING btree ("code") WHERE "products"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "products_lineage_current_key" ON "products" USING btree (coalesce("lineage_id", "id")) WHERE "products"."current";