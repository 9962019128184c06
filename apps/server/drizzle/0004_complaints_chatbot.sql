-- pg_trgm (trusted since PostgreSQL 13, so the database owner may create it): the chatbot's spelling
-- correction (qa_lexicon). PGlite loads it from @electric-sql/pglite/contrib (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "complaint_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source" text DEFAULT 'borrower' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_uploads_source_check" CHECK ("complaint_uploads"."source" in ('borrower', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"problem_type" integer NOT NULL,
	"problem_son_type" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"outcome" text,
	"reply_text" text,
	"reply_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"score" integer,
	"scored_at" timestamp with time zone,
	"reply_due" date NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('processing', 'replied', 'closed')),
	CONSTRAINT "complaints_outcome_check" CHECK ("complaints"."outcome" is null or ("complaints"."status" = 'closed' and "complaints"."outcome" in ('resolved', 'unresolved'))),
	CONSTRAINT "complaints_score_check" CHECK ("complaints"."score" is null or "complaints"."score" between 1 and 5),
	CONSTRAINT "complaints_detail_check" CHECK (char_length("complaints"."detail") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "problem_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problem_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_value" integer DEFAULT 0 NOT NULL,
	"value" integer NOT NULL,
	"title" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qa_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"pid" bigint DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"alias" jsonb,
	"icon" text DEFAULT '' NOT NULL,
	"answer" jsonb,
	"keywords" jsonb,
	"action_type" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_id" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('indonesian'::regconfig, coalesce(title->>'id', '') || ' ' || coalesce(keywords->>'id', '')), 'A') || setweight(to_tsvector('indonesian'::regconfig, coalesce(answer->>'id', '')), 'B')) STORED,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title->>'en', '') || ' ' || coalesce(keywords->>'en', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(answer->>'en', '')), 'B')) STORED,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, coalesce(title->>'es', '') || ' ' || coalesce(keywords->>'es', '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(answer->>'es', '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_entries_kind_check" CHECK ("qa_entries"."kind" in ('category', 'question')),
	CONSTRAINT "qa_entries_action_type_check" CHECK ("qa_entries"."action_type" in (0, 4))
);
--> statement-breakpoint
CREATE TABLE "qa_lexicon" (
	"locale" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "qa_lexicon_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
CREATE TABLE "qa_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qa_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"borrower_id" bigint NOT NULL,
	"order_no" text,
	"type" integer NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"qa_id" bigint,
	"locale" text NOT NULL,
	"matched_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_records_type_check" CHECK ("qa_records"."type" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "complaint_uploads" ADD CONSTRAINT "complaint_uploads_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_uploads_name_key" ON "complaint_uploads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "complaint_uploads_borrower_created_idx" ON "complaint_uploads" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_borrower_created_idx" ON "complaints" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","reply_due");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_borrower_request_key" ON "complaints" USING btree ("borrower_id","request_key") WHERE request_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "problem_types_parent_value_key" ON "problem_types" USING btree ("parent_value","value");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_entries_key_key" ON "qa_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "qa_entries_pid_sort_idx" ON "qa_entries" USING btree ("pid","sort");--> statement-breakpoint
CREATE INDEX "qa_entries_search_id_idx" ON "qa_entries" USING gin ("search_id");--> statement-breakpoint
CREATE INDEX "qa_entries_search_en_idx" ON "qa_entries" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "qa_entries_search_es_idx" ON "qa_entries" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "qa_lexicon_word_trgm_idx" ON "qa_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "qa_records_type_matched_created_idx" ON "qa_records" USING btree ("type","matched","created_at");--> statement-breakpoint
CREATE INDEX "qa_records_borrower_created_idx" ON "qa_records" USING btree ("borrower_id","created_at");