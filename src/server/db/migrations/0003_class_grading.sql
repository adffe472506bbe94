CREATE TABLE "grading_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"file_path" text NOT NULL,
	"engine_id" text NOT NULL,
	"engine_name" text NOT NULL,
	"grade" double precision NOT NULL,
	"result" jsonb NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "grading_suggestions_engine_check" CHECK ("grading_suggestions"."engine_id" in ('offline', 'llm')),
	CONSTRAINT "grading_suggestions_grade_check" CHECK ("grading_suggestions"."grade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"group_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "rubric_scores" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "graded_from_suggestion_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_suggestions" ADD CONSTRAINT "grading_suggestions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_suggestions" ADD CONSTRAINT "grading_suggestions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_suggestions_submission_idx" ON "grading_suggestions" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_key_idx" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_group_idx" ON "jobs" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queued_key_unique" ON "jobs" USING btree ("kind","key") WHERE "jobs"."state" = 'queued' and "jobs"."key" is not null;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_graded_from_suggestion_id_grading_suggestions_id_fk" FOREIGN KEY ("graded_from_suggestion_id") REFERENCES "public"."grading_suggestions"("id") ON DELETE set null ON UPDATE no action;