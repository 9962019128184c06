CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_due_id_idx" ON "complaints" USING btree ("reply_due","id");--> statement-breakpoint
CREATE INDEX "order_periods_unpaid_idx" ON "order_periods" USING btree ("order_id","due_at","total","paid","interest_waived") WHERE status <> 'paid';--> statement-breakpoint
CREATE INDEX "orders_applied_at_idx" ON "orders" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "orders_disbursed_at_idx" ON "orders" USING btree ("disbursed_at");--> statement-breakpoint
CREATE INDEX "orders_status_product_idx" ON "orders" USING btree ("status","product_id");--> statement-breakpoint
CREATE INDEX "orders_overdue_idx" ON "orders" USING btree ("product_id","id","penalty","penalty_paid","penalty_waived") WHERE status = 180;--> statement-breakpoint
CREATE INDEX "orders_review_queue_idx" ON "orders" USING btree (date_trunc('milliseconds', "applied_at" at time zone 'UTC'),"id") WHERE status = 21;--> statement-breakpoint
CREATE INDEX "orders_payout_queue_idx" ON "orders" USING btree (date_trunc('milliseconds', "decided_at" at time zone 'UTC'),"id") WHERE status = 151;--> statement-breakpoint
CREATE INDEX "payments_borrower_id_idx" ON "payments" USING btree ("borrower_id");