-- Double-entry ledger (issue 6 money; invariants after TigerBeetle): integer micro-units (millionths), immutable transfers,
-- each debiting one account and crediting another of the same currency, each with its own idempotency key.

CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL for the platform's own accounts. An account with money outlives its user's deletion.
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  purpose text NOT NULL CHECK (purpose IN (
    'customer_balance', 'worker_earnings', 'platform_revenue', 'promotional_credit', 'payment_clearing'
  )),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  -- A user's money cannot go below zero, holds included; the platform's sources (promotional credit, payment
  -- clearing) may.
  debits_must_not_exceed_credits boolean NOT NULL,
  CONSTRAINT ledger_no_overdraft
    CHECK (NOT debits_must_not_exceed_credits OR debits_pending + debits_posted <= credits_posted),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ledger_accounts_user ON ledger_accounts (user_id, purpose, currency) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts (purpose, currency) WHERE user_id IS NULL;

CREATE TABLE ledger_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Chosen by the caller before the first attempt and reused on retries: one key, one effect.
  idempotency_key text NOT NULL UNIQUE CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- posted: moves money now; pending: a hold, later posted or voided exactly once by a post/void transfer.
  kind text NOT NULL CHECK (kind IN ('posted', 'pending', 'post_pending', 'void_pending')),
  pending_id bigint UNIQUE REFERENCES ledger_transfers (id),
  memo text CHECK (char_length(memo) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((kind IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL))
);
CREATE INDEX ledger_transfers_debit ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit ON ledger_transfers (credit_account_id, id);

-- Corrections are new, reversing transfers; a stored transfer never changes or disappears.
CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END
$$;
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
