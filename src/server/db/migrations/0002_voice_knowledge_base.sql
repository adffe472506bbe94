CREATE TABLE "voice_knowledge_bases" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"document_id" text,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_knowledge_bases" ADD CONSTRAINT "voice_knowledge_bases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;