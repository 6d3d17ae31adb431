-- The captcha demos (contract/src/captcha-demo.ts, server/src/modules/demos/demos.ts): challenges made on the
-- server with their answers kept here, and the tokens our widgets issue, verified once within their lifetime.

CREATE TABLE demo_challenges (
  -- 32 hexadecimal digits, random: what the widget (or a client) sends back with the answer.
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  slug text NOT NULL CHECK (char_length(slug) BETWEEN 1 AND 100),
  kind text NOT NULL,
  -- Token widgets: the site key and page the challenge was asked for (null for an image demo's picture).
  site_key text CHECK (char_length(site_key) <= 200),
  page_url text CHECK (char_length(page_url) <= 2000),
  page_data text CHECK (char_length(page_data) <= 2000),
  -- What checks an answer (challenges.ts, DemoAnswer); never sent to a browser.
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Answered (rightly or not): a challenge takes one answer.
  used_at timestamptz
);
CREATE INDEX demo_challenges_expires ON demo_challenges (expires_at);

CREATE TABLE demo_tokens (
  token text PRIMARY KEY,
  slug text NOT NULL,
  site_key text NOT NULL,
  page_url text NOT NULL,
  challenge_id text NOT NULL REFERENCES demo_challenges (id) ON DELETE CASCADE,
  -- reCAPTCHA v3: the action execute() named and the visit's score.
  action text CHECK (char_length(action) <= 100),
  score numeric(2, 1) CHECK (score BETWEEN 0 AND 1),
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Verified: a token is accepted once.
  used_at timestamptz
);
CREATE INDEX demo_tokens_challenge ON demo_tokens (challenge_id);
