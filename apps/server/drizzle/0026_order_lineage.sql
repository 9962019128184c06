DROP INDEX "orders_one_unsettled_per_product_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_lineage_id" bigint;--> statement-breakpoint
-- hand-written: order lineage begin
-- orders signed under a later version before the column existed take their product's lineage
UPDATE "orders" SET "product_lineage_id" = p."lineage_id" FROM "products" p WHERE p."id" = "orders"."product_id" AND p."lineage_id" IS NOT NULL;--> statement-breakpoint
-- hand-written: order lineage end
CREATE UNIQUE INDEX "orders_one_unsettled_per_product_key" ON "orders" USING btree ("borrower_id",coalesce("product_lineage_id", "product_id")) WHERE status in (21, 151, 170, 174, 180, 3, 5);