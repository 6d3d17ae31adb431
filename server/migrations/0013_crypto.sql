-- Crypto invoices (issue 8, server/CRYPTO.md): a top-up paid in BTC, BCH or USDT on TRON. The payment itself is
-- a row of `payments` (provider crypto-btc, crypto-bch or crypto-usdt-tron, in USD; its provider_payment_id is
-- the deposit address) credited by the chain watcher through the same applyEvent as every provider's webhook.
-- These tables hold what only crypto needs: the address counters, the quote, and what the chain showed.

-- The next unused derivation index per coin and extended public key: an address is never handed out twice.
CREATE TABLE crypto_address_counters (
  coin text NOT NULL CHECK (coin IN ('btc', 'bch', 'usdt-tron')),
  -- Which key: a hash of its public key and chain code (the same key written as xpub or zpub is one key).
  key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{16}$'),
  next_index bigint NOT NULL CHECK (next_index BETWEEN 1 AND 2147483648),
  PRIMARY KEY (coin, key_id)
);

CREATE TABLE crypto_invoices (
  payment_id bigint PRIMARY KEY REFERENCES payments (id),
  coin text NOT NULL CHECK (coin IN ('btc', 'bch', 'usdt-tron')),
  key_id text NOT NULL,
  address_index bigint NOT NULL CHECK (address_index BETWEEN 0 AND 2147483647),
  -- Also the payment's provider_payment_id.
  address text NOT NULL UNIQUE,
  -- USD per coin as quoted (a decimal string, exactly as the rate source gave it).
  rate text NOT NULL CHECK (rate ~ '^[0-9]+(\.[0-9]+)?$'),
  -- The coin amount asked, in the coin's smallest unit (satoshi; 10^-6 USDT), rounded up from the USD amount.
  amount_units bigint NOT NULL CHECK (amount_units > 0),
  required_confirmations integer NOT NULL CHECK (required_confirmations > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- What the chain showed at the last look: counted payments (on time), those with enough confirmations, and
  -- the fewest confirmations among the counted ones.
  received_units bigint NOT NULL DEFAULT 0,
  confirmed_units bigint NOT NULL DEFAULT 0,
  confirmations integer NOT NULL DEFAULT 0,
  -- Why a person should look at it: late_payment (money that arrived outside the quote, not credited),
  -- underpaid (expired with less than asked), overpaid (credited the invoice's USD amount, more coin arrived).
  review text[] NOT NULL DEFAULT '{}',
  -- When the watcher last looked (least recently looked at first).
  checked_at timestamptz,
  UNIQUE (coin, key_id, address_index),
  CHECK (expires_at > created_at)
);
CREATE INDEX crypto_invoices_watch ON crypto_invoices (checked_at NULLS FIRST, expires_at);
CREATE INDEX crypto_invoices_review ON crypto_invoices (payment_id) WHERE review <> '{}';

-- Every transaction the chain showed paying an invoice's address, as last seen.
CREATE TABLE crypto_invoice_transactions (
  payment_id bigint NOT NULL REFERENCES crypto_invoices (payment_id),
  txid text NOT NULL CHECK (txid ~ '^[0-9a-f]{64}$'),
  -- To this address, smallest units.
  amount_units bigint NOT NULL CHECK (amount_units > 0),
  confirmations integer NOT NULL CHECK (confirmations >= 0),
  -- The block's time once mined; NULL while unconfirmed.
  block_time timestamptz,
  -- When the watcher first saw it (in the mempool or already mined).
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Whether it counts towards the invoice: seen within the quote (see CRYPTO.md, "On time").
  counted boolean NOT NULL,
  PRIMARY KEY (payment_id, txid)
);
