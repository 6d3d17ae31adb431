-- Payouts (issue 8, server/PAYOUTS.md): the payout method stored with the wallet, the payout requests and
-- their decisions. The money moves in the ledger: a request moves the amount from the user's worker_earnings
-- or partner_balance account to the platform's payout_clearing account; an approval sends it on to
-- payouts_sent (the net) and platform_revenue (the fee); a rejection or cancellation returns it.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_check CHECK (purpose IN (
  'customer_balance', 'worker_earnings', 'platform_revenue', 'promotional_credit', 'payment_clearing',
  -- An affiliate's commissions, paid out like worker earnings.
  'partner_balance',
  -- The platform's: requested payouts not yet decided.
  'payout_clearing',
  -- The platform's: what has left for the payees' wallets (its credits are the total ever paid out).
  'payouts_sent'
));

-- The method of payout_wallet (payouts/payout-methods.ts). A wallet set before methods existed has none and
-- must be set again before a payout.
ALTER TABLE users
  ADD COLUMN payout_method text CHECK (payout_method IN ('usdt-trc20', 'btc', 'paypal')),
  ADD CONSTRAINT users_payout_method_has_wallet CHECK (payout_method IS NULL OR payout_wallet IS NOT NULL);

CREATE TABLE payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A payout outlives its user's deletion, as their ledger accounts do.
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Which of the user's accounts pays: worker_earnings or partner_balance.
  source text NOT NULL CHECK (source IN ('earnings', 'partner')),
  -- That account itself: a rejected or cancelled payout returns there, even after the user is deleted.
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  -- Method and wallet as they were when requested: a later wallet change does not redirect it.
  method text NOT NULL CHECK (method IN ('usdt-trc20', 'btc', 'paypal')),
  wallet text NOT NULL CHECK (char_length(wallet) BETWEEN 1 AND 200),
  -- Micro-units of USD. The amount leaves the source account; the fee stays with the platform.
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'rejected', 'cancelled')),
  -- The outgoing transaction (a blockchain hash, a PayPal transaction id), given by the approving admin.
  reference text CHECK (char_length(reference) BETWEEN 1 AND 200),
  -- Why an admin rejected it; shown to the requester.
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'requested') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (reference IS NOT NULL)),
  CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
-- The requester's list, newest first, and the admins' queue by status.
CREATE INDEX payouts_user ON payouts (user_id, id DESC);
CREATE INDEX payouts_status ON payouts (status, id DESC);
