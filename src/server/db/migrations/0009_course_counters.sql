ALTER TABLE "courses" ADD COLUMN "student_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "assignment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "total_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_assignment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_total_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each course's counts, kept by the rows that make them (decision 031). Changes are applied as
-- increments, so concurrent enrolments each add theirs under the course row's lock instead of
-- recounting from a snapshot that misses the other's.
CREATE FUNCTION "course_counts_from_enrollment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "courses" SET "student_count" = "student_count" - 1 WHERE "id" = OLD."course_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "courses" SET "student_count" = "student_count" + 1 WHERE "id" = NEW."course_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "enrollments_course_counts" AFTER INSERT OR DELETE ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION "course_counts_from_enrollment"();--> statement-breakpoint
CREATE TRIGGER "enrollments_course_counts_moved" AFTER UPDATE OF "course_id" ON "enrollments"
  FOR EACH ROW WHEN (OLD."course_id" IS DISTINCT FROM NEW."course_id")
  EXECUTE FUNCTION "course_counts_from_enrollment"();--> statement-breakpoint
CREATE FUNCTION "course_counts_from_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "courses" SET
      "assignment_count" = "assignment_count" - 1,
      "total_points" = "total_points" - OLD."total_points",
      "published_assignment_count" = "published_assignment_count"
        - CASE WHEN OLD."status" = 'published' THEN 1 ELSE 0 END,
      "published_total_points" = "published_total_points"
        - CASE WHEN OLD."status" = 'published' THEN OLD."total_points" ELSE 0 END
    WHERE "id" = OLD."course_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "courses" SET
      "assignment_count" = "assignment_count" + 1,
      "total_points" = "total_points" + NEW."total_points",
      "published_assignment_count" = "published_assignment_count"
        + CASE WHEN NEW."status" = 'published' THEN 1 ELSE 0 END,
      "published_total_points" = "published_total_points"
        + CASE WHEN NEW."status" = 'published' THEN NEW."total_points" ELSE 0 END
    WHERE "id" = NEW."course_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "assignments_course_counts" AFTER INSERT OR DELETE ON "assignments"
  FOR EACH ROW EXECUTE FUNCTION "course_counts_from_assignment"();--> statement-breakpoint
CREATE TRIGGER "assignments_course_counts_changed"
  AFTER UPDATE OF "course_id", "status", "total_points" ON "assignments"
  FOR EACH ROW WHEN (
    OLD."course_id" IS DISTINCT FROM NEW."course_id"
    OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."total_points" IS DISTINCT FROM NEW."total_points"
  )
  EXECUTE FUNCTION "course_counts_from_assignment"();--> statement-breakpoint
-- The courses that exist already start from their true counts.
UPDATE "courses" SET
  "student_count" = (SELECT count(*) FROM "enrollments" e WHERE e."course_id" = "courses"."id"),
  "assignment_count" = a."count",
  "total_points" = a."points",
  "published_assignment_count" = a."published_count",
  "published_total_points" = a."published_points"
FROM (
  SELECT c."id",
    count(x."id")::int AS "count",
    coalesce(sum(x."total_points"), 0)::int AS "points",
    count(x."id") FILTER (WHERE x."status" = 'published')::int AS "published_count",
    coalesce(sum(x."total_points") FILTER (WHERE x."status" = 'published'), 0)::int AS "published_points"
  FROM "courses" c LEFT JOIN "assignments" x ON x."course_id" = c."id"
  GROUP BY c."id"
) a
WHERE a."id" = "courses"."id";
