-- Transfers between users (issue 8, server/MONEY.md "Transfers between users"): a user sends part of their
-- customer balance to another user. The request waits for the sender to follow a mailed link (a mail token of
-- purpose send_money, data { transferId }); the confirmation moves the money in one ledger transfer from the
-- sender's customer_balance to the recipient's, keyed user-transfer:<id>, in the transaction that completes it.

ALTER TABLE mail_tokens DROP CONSTRAINT mail_tokens_purpose_check;
ALTER TABLE mail_tokens ADD CONSTRAINT mail_tokens_purpose_check CHECK (purpose IN (
  'confirm_email', 'reset_password', 'change_email', 'undo_email_change', 'change_wallet',
  -- The confirmation of a transfer to another user; one token per transfer.
  'send_money'
));

CREATE TABLE user_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A transfer outlives either user's deletion, as their ledger accounts do.
  sender_id bigint REFERENCES users (id) ON DELETE SET NULL,
  recipient_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Micro-units (millionths) of the currency.
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  -- The sender's words to the recipient; shown to both.
  note text CHECK (char_length(note) BETWEEN 1 AND 140),
  -- awaiting_confirmation until the link is followed (completed), the sender cancels, the link expires, or the
  -- balance no longer covers it at confirmation (failed: nothing moved).
  status text NOT NULL DEFAULT 'awaiting_confirmation'
    CHECK (status IN ('awaiting_confirmation', 'completed', 'cancelled', 'expired', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the link stops working (the token's own expiry is the same).
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- Never to oneself (a deleted side is NULL, which passes).
  CHECK (sender_id <> recipient_id),
  CHECK ((status = 'awaiting_confirmation') = (decided_at IS NULL))
);
-- Each user's list, newest first: what they sent, and what they received.
CREATE INDEX user_transfers_sender ON user_transfers (sender_id, id DESC);
CREATE INDEX user_transfers_recipient ON user_transfers (recipient_id, id DESC) WHERE status = 'completed';
