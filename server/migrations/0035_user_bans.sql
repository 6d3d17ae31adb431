-- Operations console, users (issue 24): bans with a reason and an expiry, the API-key prefix staff search by,
-- and the platform's account that staff balance adjustments move money from and to.

-- Every ban an administrator placed, with its lifting; the history stays. At most one ban of a user is in force.
CREATE TABLE user_bans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
  -- NULL: until an administrator lifts it.
  expires_at timestamptz,
  banned_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  lifted_at timestamptz,
  lifted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  lift_reason text CHECK (char_length(lift_reason) <= 1000)
);
CREATE INDEX user_bans_user ON user_bans (user_id, id DESC);

ALTER TABLE users
  -- The ban in force, copied here so the API key's lookup (one row by api_key_hash) refuses a banned account
  -- without another query: banned while banned_until > now() ('infinity' for a ban without expiry).
  ADD COLUMN banned_until timestamptz,
  -- The first 8 hex digits of the API key: not enough to use it, enough for staff to find an account by it.
  -- Keys made before this column existed have none (only their hash was kept).
  ADD COLUMN api_key_prefix text CHECK (api_key_prefix ~ '^[0-9a-f]{8}$');
CREATE INDEX users_api_key_prefix ON users (api_key_prefix) WHERE api_key_prefix IS NOT NULL;

-- Addresses staff search by: sign-ins and sessions.
CREATE INDEX auth_events_ip ON auth_events (ip) WHERE ip IS NOT NULL;
CREATE INDEX sessions_ip ON sessions (ip) WHERE ip IS NOT NULL;

-- The platform's side of an administrator's balance adjustment (a goodwill credit, a correction).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_check CHECK (purpose IN (
  'customer_balance', 'worker_earnings', 'platform_revenue', 'promotional_credit', 'payment_clearing',
  'partner_balance', 'payout_clearing', 'payouts_sent',
  'staff_adjustments'
));
