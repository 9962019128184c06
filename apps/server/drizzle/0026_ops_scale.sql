CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_due_id_idx" ON "complaints" USING btree ("reply_due","id");--> statement-breakpoint
CREATE INDEX "orders_applied_at_idx" ON "orders" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "orders_disbursed_at_idx" ON "orders" USING btree ("disbursed_at");--> statement-breakpoint
CREATE INDEX "orders_status_product_idx" ON "orders" USING btree ("status","product_id");--> statement-breakpoint
CREATE INDEX "payments_borrower_id_idx" ON "payments" USING btree ("borrower_id");