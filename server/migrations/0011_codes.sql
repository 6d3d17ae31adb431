-- PayPal vouchers and promo codes (issue 8, server/CODES.md).
--
-- A voucher is money paid outside (an admin sells it through PayPal) and issued as a random code; redeeming it
-- moves its amount from the platform's payment_clearing account to the user's customer_balance, once. Only the
-- SHA-256 of the code is stored: whoever reads the database cannot redeem what is not yet redeemed.
--
-- A promo code is a bonus the admins announce: each user may redeem it once, within its dates and its limit of
-- redemptions, and it moves its amount from promotional_credit to the user's customer_balance.

CREATE TABLE vouchers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Hex SHA-256 of the normalised code (16 Crockford base32 characters, no dashes).
  code_hash text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  -- The code's last 4 characters, so admins and buyers can tell vouchers apart in lists.
  last4 text NOT NULL CHECK (last4 ~ '^[0-9A-Z]{4}$'),
  -- Micro-units (millionths) of the currency.
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- The admin's own words: who bought it, the PayPal transaction.
  note text CHECK (char_length(note) BETWEEN 1 AND 500),
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'redeemed', 'revoked')),
  issued_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Who redeemed it; a voucher stays redeemed after its user's deletion, as their ledger accounts do.
  redeemed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  redeemed_at timestamptz,
  revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  CHECK ((status = 'redeemed') = (redeemed_at IS NOT NULL)),
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL))
);
-- The admins' list by status, newest first.
CREATE INDEX vouchers_status ON vouchers (status, id DESC);

CREATE TABLE promo_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- As the admin wrote it (upper case), shown on the pages: SPRING-2026.
  code text NOT NULL CHECK (char_length(code) BETWEEN 3 AND 40),
  -- What a user's input is matched against: upper case, without spaces, dashes and underscores (SPRING2026).
  code_key text NOT NULL UNIQUE CHECK (code_key ~ '^[0-9A-Z]{3,32}$'),
  -- The bonus, micro-units of the currency.
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- NULL: any number of users.
  max_redemptions int CHECK (max_redemptions > 0),
  -- Counted under the row's lock in the redeeming transaction, so the limit cannot be overrun.
  redemptions int NOT NULL DEFAULT 0 CHECK (redemptions >= 0 AND redemptions <= coalesce(max_redemptions, redemptions)),
  starts_at timestamptz,
  expires_at timestamptz,
  -- Only users who never topped up (no credit to their balance from payment_clearing).
  new_customers_only boolean NOT NULL DEFAULT false,
  note text CHECK (char_length(note) BETWEEN 1 AND 500),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_by bigint REFERENCES users (id) ON DELETE SET NULL,
  disabled_at timestamptz,
  CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at)
);

-- One row per user and code: the unique key makes a second redemption by the same user impossible.
CREATE TABLE promo_redemptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promo_code_id bigint NOT NULL REFERENCES promo_codes (id),
  -- Kept after the user's deletion: the redemption still counts against the code's limit.
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (promo_code_id, user_id)
);
-- The user's list of codes used, newest first.
CREATE INDEX promo_redemptions_user ON promo_redemptions (user_id, id DESC);
