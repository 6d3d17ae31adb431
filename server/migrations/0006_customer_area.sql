-- Customer area (issue 7): task defaults of the API key, the "receiving errors" log, and the indexes of the
-- customer's problem lists (impossible tasks, complaints, not-a-captcha marks, pingback attempts).

ALTER TABLE users
  -- Defaults for tasks sent with the API key, used where a task sets none: the workers' language pool of
  -- image tasks (a lang code; NULL = any) and the soft_id credited to a software developer.
  ADD COLUMN default_language text CHECK (char_length(default_language) <= 8),
  ADD COLUMN default_soft_id integer CHECK (default_soft_id > 0),
  -- The most the customer pays for an image task, in micro-units per task of their currency; a dearer image
  -- task is refused with ERROR_NO_SLOT_AVAILABLE. NULL = no limit.
  ADD COLUMN max_bid bigint CHECK (max_bid > 0);

-- What the customer API answered with an error to a known key (in.php, res.php, API v2), kept 30 days.
CREATE TABLE captcha_receiving_errors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  -- in.php, res.php, createTask, getTaskResult …
  endpoint text NOT NULL,
  code text NOT NULL,
  ip text
);
CREATE INDEX captcha_receiving_errors_user ON captcha_receiving_errors (user_id, id DESC);
CREATE INDEX captcha_receiving_errors_at ON captcha_receiving_errors (at);

-- The problem lists walk only the few tasks they show, newest first.
CREATE INDEX captcha_tasks_customer_unsolvable ON captcha_tasks (customer_id, id DESC) WHERE state = 'unsolvable';
CREATE INDEX captcha_tasks_customer_reported ON captcha_tasks (customer_id, reported_at DESC, id DESC)
  WHERE report IS NOT NULL;
CREATE INDEX captcha_tasks_customer_pingback ON captcha_tasks (customer_id, id DESC) WHERE pingback_url IS NOT NULL;
CREATE INDEX task_assignments_not_a_captcha ON task_assignments (task_id) WHERE state = 'not_a_captcha';

-- The dashboard's month, the graph and the uploads' date filters read one customer's tasks by creation time.
CREATE INDEX captcha_tasks_customer_created ON captcha_tasks (customer_id, created_at);
