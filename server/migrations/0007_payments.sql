-- Top-ups through payment providers (issue 8, server/MONEY.md): our record of each payment, every provider
-- event received about one, and the built-in sandbox provider's own "bank" records. The money itself moves in
-- the ledger: one transfer from the platform's payment_clearing account to the user's customer_balance, keyed
-- by the provider's payment id, in the transaction that marks the payment succeeded.

CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A payment record outlives its user's deletion, as their ledger accounts do.
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The adapter's shortname: sandbox, card, …
  provider text NOT NULL CHECK (char_length(provider) BETWEEN 1 AND 40),
  -- The provider's id of the payment; NULL until the provider has made it. The ledger key embeds it.
  provider_payment_id text CHECK (char_length(provider_payment_id) BETWEEN 1 AND 150),
  -- Micro-units (millionths) of the currency.
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- When reconciliation last asked the provider about it (the least recently asked go first).
  checked_at timestamptz,
  CHECK ((status = 'pending') = (completed_at IS NULL)),
  UNIQUE (provider, provider_payment_id)
);
-- The user's history, newest first, and the reconciliation's walk over payments left pending.
CREATE INDEX payments_user ON payments (user_id, id DESC);
CREATE INDEX payments_pending ON payments (checked_at NULLS FIRST, created_at) WHERE status = 'pending';

-- Every event a provider told us (webhook) or answered (reconciliation), and what it did. A replayed event
-- (same provider and event id) is recognised by the unique key and changes nothing.
CREATE TABLE payment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  event_id text NOT NULL CHECK (char_length(event_id) BETWEEN 1 AND 255),
  -- NULL: no payment of ours has this provider id.
  payment_id bigint REFERENCES payments (id),
  provider_payment_id text NOT NULL CHECK (char_length(provider_payment_id) <= 255),
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'pending', 'expired')),
  amount bigint NOT NULL,
  currency text NOT NULL,
  result text NOT NULL CHECK (result IN (
    'credited', 'failed', 'expired', 'ignored_duplicate', 'ignored_unknown', 'ignored_out_of_order',
    'refused_amount_mismatch', 'refused_no_user'
  )),
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, event_id)
);
CREATE INDEX payment_events_payment ON payment_events (payment_id) WHERE payment_id IS NOT NULL;

-- The sandbox provider's "bank": its checkouts, each decided once (succeeded or failed) or left pending.
CREATE TABLE sandbox_checkouts (
  -- 24 random bytes, base64url: whoever holds it may pay or decline, so it must be unguessable.
  checkout_id text PRIMARY KEY CHECK (checkout_id ~ '^[A-Za-z0-9_-]{32}$'),
  payment_id bigint NOT NULL REFERENCES payments (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'succeeded', 'failed')),
  -- The id of the webhook event the decision sends; a repeated delivery reuses it.
  event_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((state = 'pending') = (event_id IS NULL AND decided_at IS NULL))
);

-- The per-day history reads one user's accounts' transfers by time.
CREATE INDEX ledger_transfers_debit_time ON ledger_transfers (debit_account_id, created_at);
CREATE INDEX ledger_transfers_credit_time ON ledger_transfers (credit_account_id, created_at);
