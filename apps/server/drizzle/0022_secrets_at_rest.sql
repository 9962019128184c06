DROP INDEX "bank_cards_gateway_token_key";--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "card_token_lookup" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_gateway_token_lookup_key" ON "bank_cards" USING btree ("gateway","card_token_lookup");--> statement-breakpoint
CREATE INDEX "bank_cards_plain_token_idx" ON "bank_cards" USING btree ("id") WHERE card_token_lookup is null;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_token_lookup_check" CHECK (("bank_cards"."card_token_lookup" is null) = ("bank_cards"."card_token" not like 'v1:%'));