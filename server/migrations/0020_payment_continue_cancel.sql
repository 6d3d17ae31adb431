-- A payer who left a provider's checkout can go back to it or give the payment up (issue 16, MONEY.md "Continuing
-- or cancelling a pending top-up"): each payment keeps the checkout address its provider gave and when that closes,
-- and the payer's cancellation is a final status with an event of its own (no money moves: nothing was paid).

ALTER TABLE payments
  -- Where the provider sent the payer (the sandbox's page, the crypto invoice, Stripe Checkout); NULL when unknown.
  ADD COLUMN checkout_url text CHECK (char_length(checkout_url) BETWEEN 1 AND 2000),
  -- When the provider's checkout closes; NULL when the provider gave no end.
  ADD COLUMN payable_until timestamptz;

ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('pending', 'succeeded', 'failed', 'expired', 'cancelled'));

-- The payer's cancellation is recorded beside the providers' events (event id cancel:<payment id>); a payment that
-- never got its provider's id is cancelled too, so the provider's id may be missing there.
ALTER TABLE payment_events ALTER COLUMN provider_payment_id DROP NOT NULL;
ALTER TABLE payment_events DROP CONSTRAINT payment_events_outcome_check;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_outcome_check
  CHECK (outcome IN ('succeeded', 'failed', 'pending', 'expired', 'cancelled'));
ALTER TABLE payment_events DROP CONSTRAINT payment_events_result_check;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_result_check CHECK (result IN (
  'credited', 'failed', 'expired', 'cancelled', 'ignored_duplicate', 'ignored_unknown', 'ignored_out_of_order',
  'refused_amount_mismatch', 'refused_no_user'
));

-- The sandbox bank closes the checkout of a cancelled payment: it can be neither paid nor declined afterwards.
ALTER TABLE sandbox_checkouts DROP CONSTRAINT sandbox_checkouts_state_check;
ALTER TABLE sandbox_checkouts ADD CONSTRAINT sandbox_checkouts_state_check
  CHECK (state IN ('pending', 'succeeded', 'failed', 'cancelled'));

-- The payments made before: the sandbox's and the crypto invoices' checkouts are known; card payments' are not.
UPDATE payments p SET checkout_url = '/pay/sandbox/' || s.checkout_id, payable_until = s.created_at + interval '24 hours'
  FROM sandbox_checkouts s WHERE s.payment_id = p.id AND p.provider = 'sandbox';
UPDATE payments p
   SET checkout_url = CASE i.coin WHEN 'btc' THEN '/pay/cryptocurrency-btc-BTC'
                                  WHEN 'bch' THEN '/pay/cryptocurrency-bch-BCH'
                                  ELSE '/pay/cryptocurrency-tron-USDT' END || '?payment=' || p.id,
       payable_until = i.expires_at
  FROM crypto_invoices i WHERE i.payment_id = p.id;
