-- Browser push notifications (contract/src/push.ts, server/src/modules/push/): one row per browser that turned them
-- on, keyed by its push service's endpoint (a browser has one endpoint per site; subscribing again with the same
-- endpoint updates the row, and moves it to whichever account the browser is signed in to now). The keys are what
-- the payload is encrypted for (RFC 8291): p256dh, the browser's P-256 public key, and auth, its 16-byte secret,
-- both base64url as PushSubscription.toJSON() gives them. The server's own VAPID key pair, when the configuration
-- has none, is kept in app_settings ('push_vapid_keys'), so every process signs with the same key across restarts.

CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) BETWEEN 1 AND 2048),
  p256dh text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{22}$'),
  -- The User-Agent of the browser when it subscribed (shortened), to tell an account's browsers apart.
  user_agent text CHECK (char_length(user_agent) <= 200),
  -- Topics: answers of staff to the account's tickets; the balance falling below low_balance_below.
  ticket_replies boolean NOT NULL DEFAULT true,
  low_balance boolean NOT NULL DEFAULT false,
  -- Micro-units of the account's currency (users.currency), as the ledger counts.
  low_balance_below bigint NOT NULL DEFAULT 1000000 CHECK (low_balance_below BETWEEN 0 AND 100000000000),
  -- Set when the low-balance alert went out for the current dip; cleared once the balance is back at or above the
  -- threshold, so a balance that stays low is told once, not every time the job looks (push/push.ts).
  low_balance_alerted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The last push its push service accepted; pushes refused in a row since then (404 and 410 remove the row).
  last_success_at timestamptz,
  last_failure_at timestamptz,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, id);
-- The low-balance job reads only the browsers that asked for it.
CREATE INDEX push_subscriptions_low_balance ON push_subscriptions (user_id) WHERE low_balance;
