-- The balance history (issue 8, server/MONEY.md "Balance history") reads a customer's posted transfers and
-- refunded tasks. A busy customer has millions of task holds and charges (pending and post_pending transfers)
-- and of tasks; these partial indexes hold only the few rows the history wants, so a page stays quick.
CREATE INDEX ledger_transfers_posted_credit ON ledger_transfers (credit_account_id, id) WHERE kind = 'posted';
CREATE INDEX ledger_transfers_posted_debit ON ledger_transfers (debit_account_id, id) WHERE kind = 'posted';
CREATE INDEX captcha_tasks_refunded ON captcha_tasks (customer_id, id) WHERE refunded;
