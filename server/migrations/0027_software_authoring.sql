-- Authors' programs in the software catalogue (issue 22): soft_ids handed out by the catalogue, logos and
-- screenshots from the content platform's attachment store, pending revisions of published programs (the live
-- page keeps the approved text), readers' reports of programs, and the moderator's reason for a rejection.

-- The soft_ids of authors' programs: handed out, never chosen, so nobody claims another program's usage.
CREATE SEQUENCE software_soft_ids START 10001;

ALTER TABLE software_items
  ADD COLUMN reject_reason text CHECK (char_length(reject_reason) <= 500),
  ADD COLUMN submitted_at timestamptz,
  ADD COLUMN moderated_at timestamptz,
  ADD COLUMN moderated_by bigint REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX software_items_pending ON software_items (submitted_at, id) WHERE status = 'pending';
CREATE INDEX software_items_owner ON software_items (owner_id, id);

-- A program's logo (one) and screenshots (in order).
CREATE TABLE software_pictures (
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  attachment_id bigint NOT NULL REFERENCES content_attachments (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('logo', 'screenshot')),
  position smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (software_id, attachment_id)
);
CREATE UNIQUE INDEX software_pictures_one_logo ON software_pictures (software_id) WHERE role = 'logo';

-- An author's edit of a published program: every editable field as proposed (SoftwareEdit without `submit`),
-- published onto the program by a moderator or rejected with a reason. At most one waits per program.
CREATE TABLE software_revisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  fields jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
  reject_reason text CHECK (char_length(reject_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX software_revisions_one_pending ON software_revisions (software_id) WHERE status = 'pending';
CREATE INDEX software_revisions_latest ON software_revisions (software_id, id DESC);

-- Readers' reports of a published program (once per account), resolved by the moderator's decision on it.
CREATE TABLE software_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 5 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  UNIQUE (software_id, user_id)
);
CREATE INDEX software_reports_open ON software_reports (software_id) WHERE resolved_at IS NULL;
