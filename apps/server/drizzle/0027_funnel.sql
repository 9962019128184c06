CREATE TABLE "funnel_borrowers" (
	"borrower_id" bigint PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"template_id" integer NOT NULL,
	"utm_tag" text NOT NULL,
	"registered_day" date NOT NULL,
	"first_order_at" timestamp with time zone,
	"first_repayment_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funnel_days" (
	"market" text NOT NULL,
	"day" date NOT NULL,
	"template_id" integer NOT NULL,
	"utm_tag" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"sms_sent" integer DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"first_orders" integer DEFAULT 0 NOT NULL,
	"first_repayments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_days_market_day_template_id_utm_tag_pk" PRIMARY KEY("market","day","template_id","utm_tag"),
	CONSTRAINT "funnel_days_market_check" CHECK ("funnel_days"."market" in ('ID', 'IN', 'MX')),
	CONSTRAINT "funnel_days_counts_check" CHECK (least("funnel_days"."visits", "funnel_days"."sms_sent", "funnel_days"."registered", "funnel_days"."first_orders", "funnel_days"."first_repayments") >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_sids" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "promotion_sids" ADD COLUMN "utm_tag" text;--> statement-breakpoint
ALTER TABLE "promotion_sids" ADD COLUMN "sms_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_borrowers" ADD CONSTRAINT "funnel_borrowers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: funnel begin
-- Backfill of the registration funnel (docs/product/registration-funnel.md#backfill) from what was
-- already stored: registrations with their landing page and utm_tag, first orders and first
-- repayments by the registration's day, visits of known landing pages. SMS sends were not recorded
-- as a step before: they count from this migration on.
insert into "funnel_borrowers" ("borrower_id", "market", "template_id", "utm_tag", "registered_day", "first_order_at", "first_repayment_at")
select r."borrower_id", r."market", r."template_id", r."utm_tag", r."registered_day",
  (select min(o."applied_at") from "orders" o where o."borrower_id" = r."borrower_id"),
  (select min(p."received_at") from "orders" o join "payments" p on p."order_id" = o."id"
    where o."borrower_id" = r."borrower_id" and exists (select 1 from "ledger_entries" e where e."payment_id" = p."id" and e."component" <> 'overpayment'))
from (
  select distinct on (e."borrower_id") e."borrower_id", b."market",
    coalesce(t."id", 0) as "template_id", coalesce(e."utm_tag", '') as "utm_tag",
    (e."created_at" at time zone (case b."market" when 'ID' then 'Asia/Jakarta' when 'IN' then 'Asia/Kolkata' else 'America/Mexico_City' end))::date as "registered_day"
  from "promotion_events" e
  join "borrowers" b on b."id" = e."borrower_id"
  left join "channel_templates" t on e."page_id" ~ '^[0-9]{1,9}$' and t."id" = e."page_id"::integer and t."market" = b."market"
  where e."kind" = 'register' and e."borrower_id" is not null
  order by e."borrower_id", e."id"
) r;
--> statement-breakpoint
insert into "funnel_days" ("market", "day", "template_id", "utm_tag", "visits", "sms_sent", "registered", "first_orders", "first_repayments")
select "market", "day", "template_id", "utm_tag", sum("visits"), 0, sum("registered"), sum("first_orders"), sum("first_repayments")
from (
  select t."market",
    (e."created_at" at time zone (case t."market" when 'ID' then 'Asia/Jakarta' when 'IN' then 'Asia/Kolkata' else 'America/Mexico_City' end))::date as "day",
    t."id" as "template_id", coalesce(e."utm_tag", '') as "utm_tag", 1 as "visits", 0 as "registered", 0 as "first_orders", 0 as "first_repayments"
  from "promotion_events" e join "channel_templates" t on e."page_id" ~ '^[0-9]{1,9}$' and t."id" = e."page_id"::integer
  where e."kind" = 'visit'
  union all
  select "market", "registered_day", "template_id", "utm_tag", 0, 1,
    case when "first_order_at" is null then 0 else 1 end, case when "first_repayment_at" is null then 0 else 1 end
  from "funnel_borrowers"
) s
group by "market", "day", "template_id", "utm_tag";
-- hand-written: funnel end
