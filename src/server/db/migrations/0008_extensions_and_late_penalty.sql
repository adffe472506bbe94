CREATE TABLE "extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extensions_assignment_student_unique" UNIQUE("assignment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_penalty_percent_per_day" double precision;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_penalty_cap_percent" double precision;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extensions_student_idx" ON "extensions" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_late_penalty_check" CHECK (("assignments"."late_penalty_percent_per_day" is null or "assignments"."late_penalty_percent_per_day" between 0 and 100) and ("assignments"."late_penalty_cap_percent" is null or ("assignments"."late_penalty_cap_percent" between 0 and 100 and "assignments"."late_penalty_percent_per_day" is not null)));