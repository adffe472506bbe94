-- A hand-in in one statement (decision 038): the submission's upsert, its version, the row's
-- pointer to it and the removal of the versions past the limit, which the submit ran as a
-- transaction of six round trips (begin, four statements, commit) built afresh by drizzle each
-- time. The rules are decision 030's:
--   * the upsert on UNIQUE (assignment_id, student_id) takes the row lock, so racing hand-ins
--     of one submission are numbered one at a time. A VOLATILE function takes a new snapshot
--     for each statement (READ COMMITTED), so the state read after the upsert sees what a
--     racing hand-in committed before the lock was granted, as the transaction's next
--     statement did;
--   * handing in the current file again only moves its version's time;
--   * the newest p_version_limit versions are kept, and never the current one removed;
--   * a resubmission starts over: 'submitted', and the grade, feedback and graded version
--     cleared.
-- The removed versions' files are returned, for removal once this has committed.
CREATE FUNCTION "hand_in"(
  p_assignment_id uuid,
  p_student_id uuid,
  p_now timestamptz,
  p_file_path text,
  p_file_size integer,
  p_original_filename text,
  p_content text,
  p_version_limit integer,
  OUT submission uuid,
  OUT removed_paths text[]
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_current_id uuid;
  v_current_path text;
  v_last_number integer;
  v_version_id uuid;
BEGIN
  INSERT INTO "submissions" AS s (
    "assignment_id", "student_id", "status", "submitted_at", "file_path", "file_size",
    "original_filename", "content", "created_at", "updated_at"
  ) VALUES (
    p_assignment_id, p_student_id, 'submitted', p_now, p_file_path, p_file_size,
    p_original_filename, p_content, p_now, p_now
  )
  ON CONFLICT ("assignment_id", "student_id") DO UPDATE SET
    "status" = 'submitted',
    "submitted_at" = p_now,
    "file_path" = excluded."file_path",
    "file_size" = excluded."file_size",
    "original_filename" = excluded."original_filename",
    "content" = excluded."content",
    "file_url" = NULL,
    "grade" = NULL,
    "graded_at" = NULL,
    "feedback" = NULL,
    "show_detailed_feedback" = false,
    "detailed_feedback_json" = NULL,
    "graded_version_id" = NULL,
    "updated_at" = p_now
  RETURNING s."id" INTO submission;

  SELECT s."current_version_id", v."file_path",
    (SELECT max(n."number") FROM "submission_versions" n WHERE n."submission_id" = submission)
  INTO v_current_id, v_current_path, v_last_number
  FROM "submissions" s
  LEFT JOIN "submission_versions" v ON v."id" = s."current_version_id"
  WHERE s."id" = submission;

  IF v_current_id IS NOT NULL AND v_current_path = p_file_path THEN
    v_version_id := v_current_id;
    UPDATE "submission_versions" SET "submitted_at" = p_now WHERE "id" = v_version_id;
  ELSE
    INSERT INTO "submission_versions" (
      "submission_id", "number", "file_path", "file_size", "original_filename", "content",
      "submitted_at", "created_at"
    ) VALUES (
      submission, coalesce(v_last_number, 0) + 1, p_file_path, p_file_size,
      p_original_filename, p_content, p_now, p_now
    )
    RETURNING "id" INTO v_version_id;
  END IF;

  UPDATE "submissions" SET "current_version_id" = v_version_id WHERE "id" = submission;

  WITH removed AS (
    DELETE FROM "submission_versions" v
    WHERE v."submission_id" = submission
      AND v."id" <> v_version_id
      AND v."id" NOT IN (
        SELECT k."id" FROM "submission_versions" k
        WHERE k."submission_id" = submission
        ORDER BY k."number" DESC
        LIMIT p_version_limit
      )
    RETURNING v."file_path"
  )
  SELECT coalesce(array_agg(removed."file_path"), '{}') INTO removed_paths FROM removed;
END $$;
