ALTER TABLE "assignments" ADD COLUMN "grade_release" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "grades_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_grade_release_check" CHECK ("assignments"."grade_release" in ('automatic', 'manual'));