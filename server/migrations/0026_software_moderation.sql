-- Software catalogue moderation (issue 22): readers' reports of reviews, and every moderator's decision kept.

CREATE TABLE software_review_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  review_id bigint NOT NULL REFERENCES software_reviews (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 5 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a moderator decided on the review after the report.
  resolved_at timestamptz,
  UNIQUE (review_id, user_id)
);
CREATE INDEX software_review_reports_open ON software_review_reports (review_id) WHERE resolved_at IS NULL;

-- The audit of moderation: who decided what about which review or program, and why.
CREATE TABLE software_moderation_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL CHECK (subject IN ('review', 'item', 'revision')),
  subject_id bigint NOT NULL,
  moderator_id bigint REFERENCES users (id) ON DELETE SET NULL,
  decision text NOT NULL CHECK (decision IN ('publish', 'reject', 'hide')),
  reason text CHECK (char_length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX software_moderation_log_subject ON software_moderation_log (subject, subject_id, id);
