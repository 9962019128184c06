CREATE TABLE "complaint_assignments" (
	"complaint_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"staff_email" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"staff_email" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_notes_text_check" CHECK (char_length("complaint_notes"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "complaint_assignments" ADD CONSTRAINT "complaint_assignments_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_assignments_staff_idx" ON "complaint_assignments" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "complaint_notes_complaint_idx" ON "complaint_notes" USING btree ("complaint_id","id");