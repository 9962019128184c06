ALTER TABLE "audit_log" ADD COLUMN "markets" text[];--> statement-breakpoint
-- The rows written before this migration get their record's markets (an order's or complaint's
-- product's market, a staff account's markets). Filling a column the hash does not cover is the one
-- change the append-only trigger is lifted for, inside this migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_no_update_or_delete;
--> statement-breakpoint
UPDATE "audit_log" a SET "markets" = ARRAY[p."market"]
  FROM "orders" o JOIN "products" p ON p."id" = o."product_id"
  WHERE a."record_type" = 'order' AND a."record_id" = o."order_no";
--> statement-breakpoint
UPDATE "audit_log" a SET "markets" = ARRAY[p."market"]
  FROM "complaints" c JOIN "orders" o ON o."id" = c."order_id" JOIN "products" p ON p."id" = o."product_id"
  WHERE a."record_type" = 'complaint' AND a."record_id" = c."id"::text;
--> statement-breakpoint
UPDATE "audit_log" a SET "markets" = s."markets"
  FROM "staff" s
  WHERE a."record_type" = 'staff' AND a."record_id" = s."id"::text;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_no_update_or_delete;
