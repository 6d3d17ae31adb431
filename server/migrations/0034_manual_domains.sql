-- Operations console (issue 24): manual domain rules, and prices as versioned rows.

-- ---------------------------------------------------------------------------------------------------------
-- Manual domains: staff's rules keyed by the host of a task's page address (websiteURL / pageurl), applied by
-- the engine when a task is created (server/src/modules/ops/domains-rules.ts; the most specific rule wins).
CREATE TABLE manual_domain_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- host: exactly this host; suffix: any host under it ("*.example.com", not example.com itself);
  -- domain: every host whose registrable domain (public suffix list) is the pattern.
  pattern_kind text NOT NULL CHECK (pattern_kind IN ('host', 'suffix', 'domain')),
  -- Lower-case ASCII (internationalised names as punycode, url.domainToASCII), without "*." or a final dot.
  pattern text NOT NULL CHECK (pattern ~ '^[a-z0-9_-]+(\.[a-z0-9_-]+)*$' AND char_length(pattern) <= 253),
  -- The captcha types it applies to; empty = every type.
  captcha_types text[] NOT NULL DEFAULT '{}' CHECK (cardinality(captcha_types) <= 100),
  -- block: refused (ERROR_DOMAIN_NOT_ALLOWED); human_only: never an automatic solver; require_proxy: a task
  -- without a proxy is refused (ERROR_PROXY_REQUIRED); min_skill: offered only to workers whose rating in the
  -- type is at least min_rating; price_multiplier: the type's price (and the worker's pay) times the multiplier.
  action text NOT NULL CHECK (action IN ('block', 'human_only', 'require_proxy', 'min_skill', 'price_multiplier')),
  min_rating integer CHECK (min_rating BETWEEN 0 AND 1000),
  price_multiplier numeric(7, 3) CHECK (price_multiplier > 0 AND price_multiplier <= 100),
  CHECK ((action = 'min_skill') = (min_rating IS NOT NULL)),
  CHECK ((action = 'price_multiplier') = (price_multiplier IS NOT NULL)),
  -- Why, for staff; and what the customer is told (the refusal's text), if anything.
  staff_reason text NOT NULL CHECK (char_length(staff_reason) BETWEEN 1 AND 1000),
  customer_reason text CHECK (char_length(customer_reason) BETWEEN 1 AND 300),
  -- NULL: no end.
  expires_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX manual_domain_rules_pattern ON manual_domain_rules (pattern);

ALTER TABLE captcha_tasks
  -- The rule applied at creation, if any (kept when the rule is deleted: SET NULL).
  ADD COLUMN domain_rule_id bigint REFERENCES manual_domain_rules (id) ON DELETE SET NULL,
  -- A human_only rule matched. The engine has no automatic solver today: every task goes to people, so this only
  -- records the promise for the day one is added (it must skip these tasks).
  ADD COLUMN human_only boolean NOT NULL DEFAULT false,
  -- A min_skill rule: only workers whose worker_skills.rating in the type is at least this may claim it.
  ADD COLUMN min_worker_rating integer CHECK (min_worker_rating BETWEEN 0 AND 1000),
  -- The worker's pay per answer fixed at creation (the price version in force, times a rule's multiplier), as
  -- price_per_answer fixes the customer's price. NULL on tasks older than this migration: their pay is the
  -- type's worker_share_percent of the price, as before.
  ADD COLUMN worker_pay_per_answer bigint CHECK (worker_pay_per_answer >= 0);

-- ---------------------------------------------------------------------------------------------------------
-- Prices as versions: per type and currency the customer's price and the worker's pay per task (micro-units)
-- from effective_from on. The price in force is the latest row not cancelled with effective_from <= now().
CREATE TABLE captcha_price_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL REFERENCES captcha_types (code),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB', 'EUR')),
  price_per_task bigint NOT NULL CHECK (price_per_task > 0),
  worker_pay_per_task bigint NOT NULL CHECK (worker_pay_per_task >= 0 AND worker_pay_per_task <= price_per_task),
  effective_from timestamptz NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Only a version not yet in force is cancelled; cancelled rows stay as history.
  cancelled_at timestamptz,
  cancelled_by bigint REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX captcha_price_versions_current
  ON captcha_price_versions (type, currency, effective_from DESC, id DESC) WHERE cancelled_at IS NULL;

-- Today's prices become the first versions, the worker's pay being the type's share of the price as settled so far.
INSERT INTO captcha_price_versions (type, currency, price_per_task, worker_pay_per_task, effective_from)
SELECT p.type, p.currency, p.price_per_task, (p.price_per_task * t.worker_share_percent) / 100,
       least(p.updated_at, now())
  FROM captcha_prices p JOIN captcha_types t ON t.code = p.type;

DROP TABLE captcha_prices;

-- captcha_prices stays the name of the price in force, for every reader (catalogue, statistics, API docs, tests):
-- a view computes it at each query's time, so a scheduled price is in force at its second with no job to copy
-- it; a table kept up to date by a job would be wrong between the effective time and the job's run.
CREATE VIEW captcha_prices AS
SELECT DISTINCT ON (type, currency)
       type, currency, price_per_task, worker_pay_per_task, effective_from AS updated_at, id AS version_id
  FROM captcha_price_versions
 WHERE cancelled_at IS NULL AND effective_from <= now()
 ORDER BY type, currency, effective_from DESC, id DESC;

-- A write to captcha_prices (older code and scripts) is a new version in force now; the worker's pay is kept as
-- the type's share of the new price.
CREATE FUNCTION captcha_prices_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO captcha_price_versions (type, currency, price_per_task, worker_pay_per_task, effective_from)
  SELECT NEW.type, NEW.currency, NEW.price_per_task,
         coalesce(CASE WHEN TG_OP = 'UPDATE' AND NEW.worker_pay_per_task IS DISTINCT FROM OLD.worker_pay_per_task
                       THEN NEW.worker_pay_per_task END,
                  (NEW.price_per_task * t.worker_share_percent) / 100),
         now()
    FROM captcha_types t WHERE t.code = NEW.type;
  RETURN NEW;
END
$$;
CREATE TRIGGER captcha_prices_write INSTEAD OF INSERT OR UPDATE ON captcha_prices
  FOR EACH ROW EXECUTE FUNCTION captcha_prices_write();
