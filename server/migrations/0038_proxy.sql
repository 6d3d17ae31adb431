-- Proxies (issue 25; rules: contract/src/proxy.ts; the gateway: server/src/modules/proxy/gateway.ts). A customer buys
-- traffic per pool from the balance (a ledger transfer in the purchase's transaction), creates sub-users (the
-- gateway's logins) with allow-listed addresses, and the gateway meters each connection's bytes on the client's side
-- into per-minute rows, taking them from the pool's traffic in the same transaction.

-- Exits, configured by the operator: an upstream proxy (http://, socks5://) or the gateway itself ("direct", no
-- upstream), in a pool and a country, chosen by weight among the healthy ones.
CREATE TABLE proxy_exits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pool text NOT NULL CHECK (pool IN ('residential', 'mobile', 'datacenter', 'isp')),
  country text NOT NULL CHECK (country ~ '^[a-z]{2}$'),
  upstream_url text CHECK (upstream_url IS NULL OR upstream_url ~ '^(http|https|socks5)://'),
  weight integer NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 1000),
  properties text[] NOT NULL DEFAULT '{}' CHECK (properties <@ ARRAY['premium', 'elite', 'anonymous']::text[]),
  enabled boolean NOT NULL DEFAULT true,
  healthy boolean NOT NULL DEFAULT true,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proxy_exits_pool ON proxy_exits (pool, country) WHERE enabled;

-- Traffic prices per GB (10⁹ bytes), micro-units of each currency.
CREATE TABLE proxy_prices (
  pool text NOT NULL CHECK (pool IN ('residential', 'mobile', 'datacenter', 'isp')),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  per_gb bigint NOT NULL CHECK (per_gb > 0),
  PRIMARY KEY (pool, currency)
);
INSERT INTO proxy_prices (pool, currency, per_gb) VALUES
  ('residential', 'USD', 4000000), ('residential', 'RUB', 360000000),
  ('mobile', 'USD', 6000000), ('mobile', 'RUB', 540000000),
  ('datacenter', 'USD', 800000), ('datacenter', 'RUB', 72000000),
  ('isp', 'USD', 2500000), ('isp', 'RUB', 225000000);

-- An account's traffic per pool: bought by purchases, used by the gateway's meter (used may pass bought by what
-- open connections moved in the last second before they were cut).
CREATE TABLE proxy_traffic (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pool text NOT NULL CHECK (pool IN ('residential', 'mobile', 'datacenter', 'isp')),
  bought bigint NOT NULL DEFAULT 0 CHECK (bought >= 0),
  used bigint NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, pool)
);

CREATE TABLE proxy_purchases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pool text NOT NULL,
  gigabytes integer NOT NULL CHECK (gigabytes > 0),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX proxy_purchases_user ON proxy_purchases (user_id, created_at DESC);

-- The gateway's logins. The password is shown to the account (connection strings carry it), so it is kept as is.
CREATE TABLE proxy_subusers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9]{3,24}$'),
  password text NOT NULL,
  pool text NOT NULL CHECK (pool IN ('residential', 'mobile', 'datacenter', 'isp')),
  traffic_cap bigint CHECK (traffic_cap IS NULL OR traffic_cap > 0),
  -- What its traffic may cost in all (micro-units of the account's currency, each pool's bytes at its price).
  money_cap bigint CHECK (money_cap IS NULL OR money_cap > 0),
  used bigint NOT NULL DEFAULT 0,
  paused boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proxy_subusers_user ON proxy_subusers (user_id) WHERE deleted_at IS NULL;

-- Addresses whose connections need no password: each belongs to one sub-user (a range may not overlap another's).
CREATE TABLE proxy_allowlist (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subuser_id bigint NOT NULL REFERENCES proxy_subusers (id) ON DELETE CASCADE,
  cidr text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proxy_allowlist_subuser ON proxy_allowlist (subuser_id);

-- The meter, per sub-user, minute and pool; hosts per sub-user and minute.
CREATE TABLE proxy_usage (
  subuser_id bigint NOT NULL REFERENCES proxy_subusers (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  pool text NOT NULL,
  up bigint NOT NULL DEFAULT 0,
  down bigint NOT NULL DEFAULT 0,
  connections integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subuser_id, minute, pool)
);
CREATE INDEX proxy_usage_user ON proxy_usage (user_id, minute);

CREATE TABLE proxy_usage_hosts (
  subuser_id bigint NOT NULL REFERENCES proxy_subusers (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  host text NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (subuser_id, minute, host)
);
CREATE INDEX proxy_usage_hosts_user ON proxy_usage_hosts (user_id, minute);

-- Target domains no traffic may reach (the operator's), matched by the registrable domain and its subdomains.
CREATE TABLE proxy_blocked_domains (
  domain text PRIMARY KEY CHECK (domain ~ '^[a-z0-9.-]+$'),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The platform's side of traffic sales.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_check CHECK (purpose IN (
  'customer_balance', 'worker_earnings', 'platform_revenue', 'promotional_credit', 'payment_clearing',
  'partner_balance', 'payout_clearing', 'payouts_sent',
  'staff_adjustments', 'play_rewards', 'proxy_sales'
));
