-- The affiliate programme (issue 8, server/AFFILIATE.md): who referred whom, and what each referrer earned
-- from each referred user. The money itself moves in the ledger: a transfer from platform_revenue to the
-- referrer's partner_balance (referral:<taskId>:customer, referral:<taskId>:worker:<assignmentId>) in the
-- transaction that settles the task, and back (referral:<taskId>:customer:refund) in the one that refunds it.

ALTER TABLE users
  -- The account whose ?from=<id> link brought this one (attribution.referral.id naming an existing user).
  -- NULL when there was none, and again once the referrer is deleted: no more shares then.
  ADD COLUMN referrer_id bigint REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT users_not_own_referrer CHECK (referrer_id <> id);

-- Accounts registered before this migration: the referral id of their attribution, when it names an account
-- that existed before them. The CASE keeps the cast away from ids that are not numbers.
UPDATE users AS referred SET referrer_id = referrer.id
  FROM users AS referrer
 WHERE referrer.id = CASE WHEN referred.attribution -> 'referral' ->> 'id' ~ '^[1-9][0-9]{0,17}$'
                          THEN (referred.attribution -> 'referral' ->> 'id')::bigint END
   AND referrer.id < referred.id;

-- A referrer's sign-ups by registration time (/partner, the referrals list).
CREATE INDEX users_referrer ON users (referrer_id, created_at) WHERE referrer_id IS NOT NULL;

-- One row per referral transfer of the ledger (its mirror, written in the same transaction), so that the
-- partner screens sum a referrer's earnings by day, source and referred user without parsing ledger keys.
CREATE TABLE referral_earnings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Kept after either user's deletion, as their ledger accounts are.
  referrer_id bigint REFERENCES users (id) ON DELETE SET NULL,
  referred_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The task it came from (no reference: a task goes with its customer, the ledger keeps the key).
  task_id bigint NOT NULL,
  -- customer: a share of the referred customer's spend; worker: of the referred worker's earning.
  source text NOT NULL CHECK (source IN ('customer', 'worker')),
  -- Micro-units; negative for a refunded task's customer share taken back.
  amount bigint NOT NULL CHECK (amount <> 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_earnings_referrer ON referral_earnings (referrer_id, created_at);
CREATE INDEX referral_earnings_referred ON referral_earnings (referred_id, created_at);

-- Clicks on one referrer's links: the tracker's referral events by their "from".
CREATE INDEX visitor_events_referral ON visitor_events ((data ->> 'from'), created_at) WHERE type = 'referral';
