CREATE TABLE "submission_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"file_path" text NOT NULL,
	"file_size" integer NOT NULL,
	"original_filename" text NOT NULL,
	"content" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_versions_submission_number_unique" UNIQUE("submission_id","number"),
	CONSTRAINT "submission_versions_number_check" CHECK ("submission_versions"."number" >= 1),
	CONSTRAINT "submission_versions_file_size_check" CHECK ("submission_versions"."file_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "grading_suggestions" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "current_version_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "graded_version_id" uuid;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_versions_file_path_idx" ON "submission_versions" USING btree ("file_path");--> statement-breakpoint
ALTER TABLE "grading_suggestions" ADD CONSTRAINT "grading_suggestions_version_id_submission_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."submission_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_current_version_id_submission_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."submission_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_graded_version_id_submission_versions_id_fk" FOREIGN KEY ("graded_version_id") REFERENCES "public"."submission_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Backfill (written by hand, docs/decisions/030): every submission handed in with a file gets its
-- file as version 1, and points at it; nothing stored is lost.
INSERT INTO "submission_versions" ("submission_id", "number", "file_path", "file_size", "original_filename", "content", "submitted_at", "created_at")
SELECT "id", 1, "file_path", coalesce("file_size", 0), coalesce(nullif(trim("original_filename"), ''), 'submission.pdf'), "content", coalesce("submitted_at", "updated_at"), coalesce("submitted_at", "updated_at")
FROM "submissions" WHERE "file_path" IS NOT NULL;--> statement-breakpoint
UPDATE "submissions" SET "current_version_id" = v."id" FROM "submission_versions" v WHERE v."submission_id" = "submissions"."id";--> statement-breakpoint
UPDATE "submissions" SET "graded_version_id" = "current_version_id" WHERE "grade" IS NOT NULL;--> statement-breakpoint
UPDATE "grading_suggestions" SET "version_id" = v."id" FROM "submission_versions" v WHERE v."submission_id" = "grading_suggestions"."submission_id" AND v."file_path" = "grading_suggestions"."file_path";
