CREATE INDEX "payout_callbacks_received_idx" ON "payout_callbacks" USING btree ("provider","received_at");--> statement-breakpoint
CREATE INDEX "recon_differences_open_idx" ON "recon_differences" USING btree ("market","kind") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "payment_inbox_gateway_received_idx" ON "payment_inbox" USING btree ("gateway","received_at");