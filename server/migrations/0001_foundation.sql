-- Key-value facts about this installation (for instance when demo data was seeded).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Captcha types the API accepts. `code` is the API v2 task type (without the Proxyless suffix);
-- `kind` decides who solves it: image tasks go to people in the web cabinet, token tasks to worker software.
CREATE TABLE captcha_types (
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9]+$'),
  kind text NOT NULL CHECK (kind IN ('image', 'token')),
  -- After this many seconds without an answer the task ends as unsolvable (captcha-api reference §1.7).
  deadline_seconds integer NOT NULL CHECK (deadline_seconds > 0),
  position integer NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
CREATE INDEX captcha_types_listing ON captcha_types (enabled, position);
