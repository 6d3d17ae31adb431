-- Discount campaigns (issue 8, server/MONEY.md "Discount campaigns"): bonus percentages an admin sets for
-- top-ups in a date window and an amount band. A payment remembers the campaign in force when it was created
-- (and its percent then), so the payer gets what the page promised; its success moves the bonus from the
-- platform's promotional_credit account to the user's customer_balance in a transfer of its own, keyed
-- payment-bonus:<provider>:<providerPaymentId>.

CREATE TABLE discount_campaigns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The name per site language, {"en": "Autumn bonus", "de": …}; English at least.
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND jsonb_typeof(name -> 'en') = 'string'),
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- The band of top-up amounts, micro-units, both ends included; no upper end when max_amount is NULL.
  min_amount bigint NOT NULL CHECK (min_amount >= 0),
  max_amount bigint CHECK (max_amount >= min_amount),
  -- In force from starts_at (included) until ends_at (excluded).
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- A disabled campaign applies to no new payment; payments made before keep their bonus.
  disabled_at timestamptz,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
-- Campaigns still to end, per currency: what a top-up and the public page look at.
CREATE INDEX discount_campaigns_open ON discount_campaigns (currency, ends_at) WHERE disabled_at IS NULL;

ALTER TABLE payments
  ADD COLUMN discount_campaign_id bigint REFERENCES discount_campaigns (id),
  ADD COLUMN bonus_percent integer CHECK (bonus_percent BETWEEN 1 AND 100),
  ADD CONSTRAINT payments_bonus_has_campaign CHECK ((discount_campaign_id IS NULL) = (bonus_percent IS NULL));
