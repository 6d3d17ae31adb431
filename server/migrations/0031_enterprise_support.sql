-- Enterprise support (contract/src/enterprise.ts, server/src/modules/enterprise/): terms of a plan bought from the
-- balance, and the credits late answers earned.
--
-- The plans themselves are constants of the contract (ENTERPRISE_PLANS), not a table: the page, the conditions
-- and the server read the same numbers, and a change of terms is a reviewed change of code. A subscription keeps
-- the plan code, currency and price it was bought with, so changing a plan later never rewrites what was paid.

-- One row per purchased term. Terms of one account never overlap: a purchase starts now, or at the end of the
-- last term already bought (the account's row is locked while that is decided).
CREATE TABLE enterprise_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('business', 'priority', 'dedicated')),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- Micro-units of currency, as charged.
  price bigint NOT NULL CHECK (price > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The page's key for the click: the same key again answers this row and charges nothing.
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[!-~]{1,100}$'),
  -- The charge (customer_balance → platform_revenue), made in the transaction that stores the row.
  ledger_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX enterprise_subscriptions_user ON enterprise_subscriptions (user_id, ends_at DESC);

-- A late answer of a ticket under a plan: the wait (its number among the ticket's waits for staff, from 0) that
-- ran over the plan's target, credited once. amount 0 (and no transfer): the term's cap was reached already.
CREATE TABLE enterprise_sla_credits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  wait_index integer NOT NULL CHECK (wait_index >= 0),
  subscription_id bigint NOT NULL REFERENCES enterprise_subscriptions (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- platform_revenue → customer_balance under the key enterprise-sla:<ticket>:<wait>.
  ledger_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((amount = 0) = (ledger_transfer_id IS NULL)),
  UNIQUE (ticket_id, wait_index)
);
CREATE INDEX enterprise_sla_credits_subscription ON enterprise_sla_credits (subscription_id);
