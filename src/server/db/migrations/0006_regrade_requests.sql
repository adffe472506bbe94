CREATE TABLE "regrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"teacher_note" text,
	"outcome" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regrade_requests_submission_unique" UNIQUE("submission_id"),
	CONSTRAINT "regrade_requests_state_check" CHECK ("regrade_requests"."state" in ('open', 'answered')),
	CONSTRAINT "regrade_requests_outcome_check" CHECK ("regrade_requests"."outcome" in ('changed', 'kept')),
	CONSTRAINT "regrade_requests_reason_check" CHECK (length(trim("regrade_requests"."reason")) between 1 and 2000),
	CONSTRAINT "regrade_requests_note_check" CHECK ("regrade_requests"."teacher_note" is null or length(trim("regrade_requests"."teacher_note")) between 1 and 2000),
	CONSTRAINT "regrade_requests_answer_check" CHECK (("regrade_requests"."state" = 'open' and "regrade_requests"."teacher_note" is null and "regrade_requests"."outcome" is null and "regrade_requests"."answered_at" is null) or ("regrade_requests"."state" = 'answered' and "regrade_requests"."teacher_note" is not null and "regrade_requests"."outcome" is not null and "regrade_requests"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "accepts_regrade_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regrade_requests_open_idx" ON "regrade_requests" USING btree ("submission_id") WHERE "regrade_requests"."state" = 'open';