-- People with an account. The accounts issue adds registration, confirmation and 2FA columns.
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' IN email) > 1),
  -- argon2id PHC string
  password_hash text NOT NULL,
  user_type text CHECK (user_type IN ('developer', 'customer', 'worker')),
  roles text[] NOT NULL DEFAULT '{}' CHECK (roles <@ ARRAY['admin', 'moderator']::text[]),
  interface_language text NOT NULL DEFAULT 'en' CHECK (interface_language ~ '^[a-z]{2}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions. Only a SHA-256 of the cookie token is stored, so a database leak opens no session.
-- user_id turns NULL when the user is deleted: the session then answers ERROR_EMPTY_USER (spec §8).
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Messages an administrator leaves for one user; shown once in a modal until the user marks them read.
CREATE TABLE system_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- { "en": "<p>…</p>", "ru": "…" }: sanitised HTML per language; English is the fallback.
  message jsonb NOT NULL CHECK (jsonb_typeof(message) = 'object' AND message ? 'en'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX system_messages_unread ON system_messages (user_id, id) WHERE read_at IS NULL;

-- Visitor events from the event tracker (spec §7): referral visits and UTM tracking.
CREATE TABLE visitor_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('referral', 'utm')),
  data jsonb NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  page text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_events_created ON visitor_events (created_at);
