-- Issue 17 (hardening): sign-in throttling that spares the owner, and referral clicks that cannot be forged.

-- Browsers that signed in to an account before (the HttpOnly mh_device cookie; only its SHA-256 is kept). A known
-- browser is throttled on its own, apart from its IP address, and passes an account lock (server/ACCOUNTS-API.md).
CREATE TABLE sign_in_devices (
  token_hash bytea NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX sign_in_devices_user ON sign_in_devices (user_id);

-- The mailed link that lifts an account lock.
ALTER TABLE mail_tokens DROP CONSTRAINT mail_tokens_purpose_check;
ALTER TABLE mail_tokens ADD CONSTRAINT mail_tokens_purpose_check
  CHECK (purpose IN ('confirm_email', 'reset_password', 'change_email', 'undo_email_change', 'change_wallet',
                     'send_money', 'unlock_account'));

-- A page rendered by the server with ?from=<partner id> (the HttpOnly mh_visit cookie names the visitor; only its
-- SHA-256 is kept). The tracker counts the click once, when the browser that got the cookie reports it.
CREATE TABLE referral_visits (
  visit_hash bytea NOT NULL,
  referrer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  counted_at timestamptz,
  PRIMARY KEY (visit_hash, referrer_id)
);
CREATE INDEX referral_visits_created ON referral_visits (created_at);
