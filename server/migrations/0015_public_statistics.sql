-- Public statistics and prices (issue 18, server/STATISTICS.md): rollups of the task and assignment tables per
-- minute, hour and day; the raw facts they need (when a worker's claim began, claims that waited in vain); prices
-- in euros beside dollars and roubles; reference exchange rates to show spend and pay in any of the three.

-- Prices are set per currency by administrators; EUR is a list currency (accounts pay in USD or RUB).
ALTER TABLE captcha_prices DROP CONSTRAINT captcha_prices_currency_check;
ALTER TABLE captcha_prices ADD CONSTRAINT captcha_prices_currency_check CHECK (currency IN ('USD', 'RUB', 'EUR'));
INSERT INTO captcha_prices (type, currency, price_per_task)
  SELECT type, 'EUR', greatest(1, (price_per_task * 92 + 50) / 100) FROM captcha_prices WHERE currency = 'USD'
  ON CONFLICT (type, currency) DO NOTHING;

-- Units of a currency per US dollar, in millionths (RUB 90.0 = 90000000), to show sums in another currency.
CREATE TABLE exchange_rates (
  currency text PRIMARY KEY CHECK (currency IN ('USD', 'RUB', 'EUR')),
  per_usd_millionths bigint NOT NULL CHECK (per_usd_millionths > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO exchange_rates (currency, per_usd_millionths) VALUES ('USD', 1000000), ('RUB', 90000000), ('EUR', 920000);

-- When the worker's claim that led to this assignment began: created_at − requested_at is the worker's wait.
ALTER TABLE task_assignments ADD COLUMN requested_at timestamptz;

-- A claim that waited and got nothing: the idle time of workers, for the load and waiting-time figures.
CREATE TABLE worker_waits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  worker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The task types the worker was ready to take while waiting.
  types text[] NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL CHECK (ended_at >= started_at)
);
CREATE INDEX worker_waits_ended ON worker_waits (ended_at);

-- The rollup reads events by their time.
CREATE INDEX captcha_tasks_created ON captcha_tasks (created_at);
CREATE INDEX captcha_tasks_ended ON captcha_tasks (ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX task_assignments_created ON task_assignments (created_at);
CREATE INDEX task_assignments_answered ON task_assignments (answered_at) WHERE answered_at IS NOT NULL;

-- Task figures per interval, captcha type and the tasks' currency. grain: minute (kept 14 days), hour (13
-- months), day (for ever). solve_hist counts solved tasks per duration bucket (STATISTICS.md), mergeable by
-- adding, so percentiles of any range are exact to one bucket.
CREATE TABLE stat_tasks (
  grain text NOT NULL CHECK (grain IN ('minute', 'hour', 'day')),
  bucket timestamptz NOT NULL,
  type text NOT NULL,
  currency text NOT NULL,
  created integer NOT NULL DEFAULT 0,
  solved integer NOT NULL DEFAULT 0,
  unsolvable integer NOT NULL DEFAULT 0,
  solve_ms_sum bigint NOT NULL DEFAULT 0,
  solve_hist integer[] NOT NULL,
  -- Micro-units of `currency`: charged for the solved tasks; paid to workers for answers given in the interval.
  charged_sum bigint NOT NULL DEFAULT 0,
  paid_answers integer NOT NULL DEFAULT 0,
  pay_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, bucket, type, currency)
);

-- Worker figures per interval and type ('' = every type: distinct workers are not additive across types).
CREATE TABLE stat_work (
  grain text NOT NULL CHECK (grain IN ('minute', 'hour', 'day')),
  bucket timestamptz NOT NULL,
  type text NOT NULL,
  -- Offers made, and how long the claims behind them waited (sum and histogram).
  offers integer NOT NULL DEFAULT 0,
  wait_ms_sum bigint NOT NULL DEFAULT 0,
  wait_hist integer[] NOT NULL,
  -- Claims that waited in vain; time solving (offer to answer).
  idle_ms_sum bigint NOT NULL DEFAULT 0,
  busy_ms_sum bigint NOT NULL DEFAULT 0,
  -- Distinct workers seen in each minute, summed over the minutes (÷ minutes = workers online on average),
  -- and the most in one minute.
  worker_minutes integer NOT NULL DEFAULT 0,
  workers_max integer NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, bucket, type)
);
