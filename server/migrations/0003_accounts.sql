-- Accounts: registration, confirmation, profile, two-factor sign-in, mail, rate limits (issue 5).

ALTER TABLE users
  -- NULL until the owner follows the link of the confirmation mail; unconfirmed accounts cannot sign in.
  ADD COLUMN email_confirmed_at timestamptz,
  ADD COLUMN display_name text CHECK (char_length(display_name) <= 100),
  -- IANA name such as Europe/Berlin; spec §9 falls back to UTC.
  ADD COLUMN timezone text NOT NULL DEFAULT 'UTC' CHECK (char_length(timezone) <= 64),
  -- Where payouts go; changed only through a confirmation mail (/auth/edit_purse).
  ADD COLUMN payout_wallet text CHECK (char_length(payout_wallet) <= 200),
  -- SHA-256 of the 32-hex-digit API key; the key itself is shown once. api_key_hint keeps its last 4 digits.
  ADD COLUMN api_key_hash bytea UNIQUE,
  ADD COLUMN api_key_hint text,
  ADD COLUMN api_key_created_at timestamptz,
  -- TOTP (RFC 6238): base32 secret; enabled once the first code was confirmed. last step makes codes single-use.
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  -- { "<topic>": { "<channel>": true|false } }; missing entries take the defaults of the profile module.
  ADD COLUMN notification_settings jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(notification_settings) = 'object'),
  -- Where the person came from (spec §3 attribution): referer, referral id, utm fields, taken from visitor cookies.
  ADD COLUMN attribution jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(attribution) = 'object'),
  ADD COLUMN terms_accepted_at timestamptz,
  ADD COLUMN password_changed_at timestamptz,
  ADD COLUMN last_login_at timestamptz;

-- Accounts made by the demo seed and by earlier issues count as confirmed.
UPDATE users SET email_confirmed_at = created_at WHERE email_confirmed_at IS NULL;

-- Sessions get a public id (to list and end them without showing the token) and what the owner needs to
-- recognise them.
ALTER TABLE sessions
  ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  ADD COLUMN user_agent text,
  ADD COLUMN ip text;

-- Single-use links sent by mail. Only a SHA-256 of the token is stored; `data` holds what the link applies
-- (the new address, the new wallet). A token is spent by setting used_at, in the same statement that checks it.
CREATE TABLE mail_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password', 'change_email', 'undo_email_change', 'change_wallet')),
  token_hash bytea NOT NULL UNIQUE,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX mail_tokens_user ON mail_tokens (user_id, purpose);

-- Recovery codes for a lost authenticator: argon2id hashes (low-entropy secrets, ASVS 6.5.2), each usable once.
CREATE TABLE recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id) WHERE used_at IS NULL;

-- A password that was right for an account with 2FA: the second step (/auth/oauth-2fa) finishes the sign-in.
CREATE TABLE login_challenges (
  token_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  return_to text,
  failures int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);

-- Fixed-window counters shared by every server process: key is "<action>:<subject>", e.g. "login-ip:1.2.3.4".
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  hits int NOT NULL
);

-- Mail written when SMTP_URL is unset: /dev/mail shows it (development and tests only).
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Identity documents a worker uploads before payouts; a moderator approves or rejects them.
CREATE TABLE identity_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('passport', 'id_card', 'driving_licence', 'proof_of_address')),
  file_name text NOT NULL CHECK (char_length(file_name) <= 200),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  content bytea NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  review_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE INDEX identity_documents_user ON identity_documents (user_id, id);

-- Sign-in attempts for the account owner and the audit (ASVS 16.3.1).
CREATE TABLE auth_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_events_user ON auth_events (user_id, id);
