-- Issue 27: a transfer is one statement instead of three, the resolution of a hold one instead of four
-- (modules/ledger/ledger.ts calls these). They do what the module did statement by statement, in the same order:
-- lock both accounts (the platform's first, then users' by id: the one order every transaction uses, so a charge
-- and a refund running at once cannot deadlock), store the transfer once per idempotency key, and move the
-- balances of both accounts in one UPDATE. The ledger_no_overdraft check refuses what a user does not have, as
-- before (SQLSTATE 23514 on ledger_accounts).
--
-- What the module turns into its own errors comes back as `outcome`, so a refusal that is not the database's
-- leaves the caller's transaction usable, as it did: 'created', 'exists' (the key was used with the same fields),
-- 'different' (the key was used for another transfer), 'no_account' (an id in `account`), 'currency' (the
-- account in `account` holds another currency); for a hold also 'pending_not_found' and 'too_much' (the posted
-- amount is larger than the hold, whose amount comes back in `amount`). The transfer's columns are text, as the
-- module reads them.

CREATE FUNCTION ledger_lock_accounts(p_debit bigint, p_credit bigint, p_currency text,
                                     OUT outcome text, OUT account text)
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  currencies text[];
BEGIN
  SELECT array_agg(locked.id), array_agg(locked.currency) INTO ids, currencies
    FROM (SELECT a.id, a.currency FROM ledger_accounts a WHERE a.id IN (p_debit, p_credit)
           ORDER BY a.user_id IS NOT NULL, a.id FOR UPDATE) locked;
  IF ids IS NULL OR NOT p_debit = ANY (ids) THEN
    outcome := 'no_account'; account := p_debit::text; RETURN;
  END IF;
  IF NOT p_credit = ANY (ids) THEN
    outcome := 'no_account'; account := p_credit::text; RETURN;
  END IF;
  IF p_currency IS NOT NULL THEN
    IF currencies[array_position(ids, p_debit)] <> p_currency THEN
      outcome := 'currency'; account := p_debit::text; RETURN;
    END IF;
    IF currencies[array_position(ids, p_credit)] <> p_currency THEN
      outcome := 'currency'; account := p_credit::text; RETURN;
    END IF;
  END IF;
  outcome := 'locked';
END
$$;

-- Adds `pending` to debits_pending / credits_pending and `posted` to the posted fields of the two accounts.
CREATE FUNCTION ledger_apply_balances(p_debit bigint, p_credit bigint, p_pending bigint, p_posted bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE ledger_accounts
     SET debits_pending = debits_pending + CASE WHEN id = p_debit THEN p_pending ELSE 0 END,
         credits_pending = credits_pending + CASE WHEN id = p_credit THEN p_pending ELSE 0 END,
         debits_posted = debits_posted + CASE WHEN id = p_debit THEN p_posted ELSE 0 END,
         credits_posted = credits_posted + CASE WHEN id = p_credit THEN p_posted ELSE 0 END
   WHERE id IN (p_debit, p_credit)
$$;

-- A transfer, posted or held (`p_pending`), stored once per key.
CREATE FUNCTION ledger_transfer(p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_currency text,
                                p_pending boolean, p_memo text,
                                OUT outcome text, OUT account text, OUT id text, OUT idempotency_key text,
                                OUT debit_account_id text, OUT credit_account_id text, OUT amount text,
                                OUT currency text, OUT kind text, OUT pending_id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  lock record;
  made ledger_transfers;
  wanted text := CASE WHEN p_pending THEN 'pending' ELSE 'posted' END;
BEGIN
  SELECT * INTO lock FROM ledger_lock_accounts(p_debit, p_credit, p_currency);
  IF lock.outcome <> 'locked' THEN
    outcome := lock.outcome; account := lock.account; RETURN;
  END IF;
  INSERT INTO ledger_transfers AS t
         (idempotency_key, debit_account_id, credit_account_id, amount, currency, kind, pending_id, memo)
  VALUES (p_key, p_debit, p_credit, p_amount, p_currency, wanted, NULL, p_memo)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING t.* INTO made;
  IF made.id IS NOT NULL THEN
    outcome := 'created';
    IF p_pending THEN
      PERFORM ledger_apply_balances(p_debit, p_credit, p_amount, 0);
    ELSE
      PERFORM ledger_apply_balances(p_debit, p_credit, 0, p_amount);
    END IF;
  ELSE
    SELECT t.* INTO made FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    outcome := CASE WHEN made.debit_account_id = p_debit AND made.credit_account_id = p_credit
                         AND made.amount = p_amount AND made.currency = p_currency AND made.kind = wanted
                         AND made.pending_id IS NULL
                    THEN 'exists' ELSE 'different' END;
  END IF;
  id := made.id::text; idempotency_key := made.idempotency_key;
  debit_account_id := made.debit_account_id::text; credit_account_id := made.credit_account_id::text;
  amount := made.amount::text; currency := made.currency; kind := made.kind; pending_id := made.pending_id::text;
END
$$;

-- Resolves the hold stored under `p_pending_key` once: a post moves `p_amount` (all of the hold when null) for
-- good and releases the rest, a void releases it all. Another resolution of the same hold breaks the unique
-- pending_id (SQLSTATE 23505), as it did.
CREATE FUNCTION ledger_resolve(p_key text, p_pending_key text, p_post boolean, p_amount bigint,
                               OUT outcome text, OUT account text, OUT id text, OUT idempotency_key text,
                               OUT debit_account_id text, OUT credit_account_id text, OUT amount text,
                               OUT currency text, OUT kind text, OUT pending_id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  hold ledger_transfers;
  lock record;
  made ledger_transfers;
  moved bigint;
  wanted text := CASE WHEN p_post THEN 'post_pending' ELSE 'void_pending' END;
BEGIN
  SELECT t.* INTO hold FROM ledger_transfers t WHERE t.idempotency_key = p_pending_key AND t.kind = 'pending'
     FOR UPDATE;
  IF hold.id IS NULL THEN
    outcome := 'pending_not_found'; RETURN;
  END IF;
  SELECT * INTO lock FROM ledger_lock_accounts(hold.debit_account_id, hold.credit_account_id, NULL);
  IF lock.outcome <> 'locked' THEN
    outcome := lock.outcome; account := lock.account; RETURN;
  END IF;
  moved := CASE WHEN p_post THEN coalesce(p_amount, hold.amount) ELSE hold.amount END;
  IF moved > hold.amount THEN
    outcome := 'too_much'; amount := hold.amount::text; RETURN;
  END IF;
  INSERT INTO ledger_transfers AS t
         (idempotency_key, debit_account_id, credit_account_id, amount, currency, kind, pending_id, memo)
  VALUES (p_key, hold.debit_account_id, hold.credit_account_id, moved, hold.currency, wanted, hold.id, NULL)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING t.* INTO made;
  IF made.id IS NOT NULL THEN
    outcome := 'created';
    -- The hold is released, and what is posted moves for good, at once.
    PERFORM ledger_apply_balances(hold.debit_account_id, hold.credit_account_id, -hold.amount,
                                  CASE WHEN p_post THEN moved ELSE 0 END);
  ELSE
    SELECT t.* INTO made FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    outcome := CASE WHEN made.debit_account_id = hold.debit_account_id
                         AND made.credit_account_id = hold.credit_account_id AND made.amount = moved
                         AND made.currency = hold.currency AND made.kind = wanted AND made.pending_id = hold.id
                    THEN 'exists' ELSE 'different' END;
  END IF;
  id := made.id::text; idempotency_key := made.idempotency_key;
  debit_account_id := made.debit_account_id::text; credit_account_id := made.credit_account_id::text;
  amount := made.amount::text; currency := made.currency; kind := made.kind; pending_id := made.pending_id::text;
END
$$;
