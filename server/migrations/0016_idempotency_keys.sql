-- Idempotency keys of in.php and createTask (issue 17, CAPTCHA-API.md "Idempotency keys"): a retry with the same
-- key of the same customer answers the first task instead of storing and holding a second one. The row is written
-- in the transaction that stores the task and holds its price, so the task and its key exist together or not at
-- all; the primary key makes a concurrent duplicate wait for the first and then find its task.
CREATE TABLE captcha_idempotency_keys (
  customer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 1–255 printable ASCII characters without spaces (checked by the API before it gets here).
  key text NOT NULL CHECK (key ~ '^[!-~]{1,255}$'),
  -- SHA-256 of the parsed submission: the same key with other parameters is refused.
  fingerprint bytea NOT NULL,
  -- Inserted before the task in the same transaction, so checked at commit.
  task_id bigint NOT NULL REFERENCES captcha_tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, key)
);
-- pruneIdempotencyKeys deletes keys older than 24 hours.
CREATE INDEX captcha_idempotency_keys_created ON captcha_idempotency_keys (created_at);
