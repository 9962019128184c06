CREATE TABLE "collection_contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"market" text NOT NULL,
	"staff_id" bigint,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"promise_date" date,
	"promise_amount" bigint,
	"reminder_step" text,
	"period_no" integer,
	"local_date" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_contacts_market_check" CHECK ("collection_contacts"."market" in ('ID', 'IN', 'MX')),
	CONSTRAINT "collection_contacts_channel_check" CHECK ("collection_contacts"."channel" in ('phone', 'sms', 'whatsapp', 'email')),
	CONSTRAINT "collection_contacts_outcome_check" CHECK ("collection_contacts"."outcome" in ('no_answer', 'reached', 'promise_to_pay', 'refused_to_pay', 'wrong_number', 'reminder_sent', 'reminder_failed')),
	CONSTRAINT "collection_contacts_promise_check" CHECK (("collection_contacts"."outcome" = 'promise_to_pay') = ("collection_contacts"."promise_date" is not null and "collection_contacts"."promise_amount" is not null and "collection_contacts"."promise_amount" > 0)),
	CONSTRAINT "collection_contacts_who_check" CHECK (("collection_contacts"."reminder_step" is null and "collection_contacts"."staff_id" is not null and "collection_contacts"."period_no" is null) or ("collection_contacts"."reminder_step" in ('before3', 'before1', 'due') and "collection_contacts"."staff_id" is null and "collection_contacts"."period_no" is not null and "collection_contacts"."channel" = 'sms'))
);
--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contacts_order_idx" ON "collection_contacts" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_contacts_reminder_once_key" ON "collection_contacts" USING btree ("order_id","period_no","reminder_step") WHERE reminder_step is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_contacts_reminder_daily_key" ON "collection_contacts" USING btree ("borrower_id","local_date") WHERE reminder_step is not null;