-- Captcha engine (issue 6): prices, tasks, worker assignments, quality control, pingbacks.
-- Money amounts are ledger units: micro-units, millionths of the currency (USD 0.00025 = 250), so that a
-- single task's price is exact.

ALTER TABLE captcha_types
  -- Seconds a worker holds a claimed task before it returns to the queue (image ~30, grid ~60, token ~180).
  ADD COLUMN lease_seconds integer NOT NULL DEFAULT 30 CHECK (lease_seconds > 0),
  -- The worker's part of the price, in per cent; the platform keeps the rest.
  ADD COLUMN worker_share_percent integer NOT NULL DEFAULT 60 CHECK (worker_share_percent BETWEEN 0 AND 100);

-- Price of one task per type and currency, edited by administrators (shown to people per 1,000 tasks).
CREATE TABLE captcha_prices (
  type text NOT NULL REFERENCES captcha_types (code),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  price_per_task bigint NOT NULL CHECK (price_per_task > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (type, currency)
);

ALTER TABLE users
  -- The currency a customer is charged in (the Russian site's customers in RUB).
  ADD COLUMN currency text NOT NULL DEFAULT 'USD' CHECK (currency IN ('USD', 'RUB')),
  -- Addresses allowed to use the API key; empty = any (ERROR_IP_NOT_ALLOWED otherwise).
  ADD COLUMN api_allowed_ips text[] NOT NULL DEFAULT '{}' CHECK (cardinality(api_allowed_ips) <= 50),
  -- "100 % recognition": a text task goes to workers until this many answers agree (NULL = off), at most
  -- recognition_max_answers answers in all.
  ADD COLUMN recognition_agree integer CHECK (recognition_agree BETWEEN 2 AND 5),
  ADD COLUMN recognition_max_answers integer NOT NULL DEFAULT 5 CHECK (recognition_max_answers BETWEEN 2 AND 5),
  -- Worker settings: languages of the text tasks the worker takes (lang / languagePool codes).
  ADD COLUMN worker_languages text[] NOT NULL DEFAULT '{en}';

-- Ids look like 2captcha's (11 digits) and never repeat.
CREATE SEQUENCE captcha_task_ids START 70000000001;

CREATE TABLE captcha_tasks (
  id bigint PRIMARY KEY DEFAULT nextval('captcha_task_ids'),
  customer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL REFERENCES captcha_types (code),
  kind text NOT NULL CHECK (kind IN ('image', 'token')),
  -- Validated task fields without the image bytes (v2 names), and the images in captcha_task_files.
  params jsonb NOT NULL,
  -- Workers' language pool (lang / languagePool); NULL = any.
  language text,
  api text NOT NULL CHECK (api IN ('classic', 'v2')),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'solved', 'unsolvable')),
  -- How many more workers may claim it now: 1 for a normal task; up to the missing agreeing answers with
  -- 100 % recognition. Claims take one, an expired lease or a skip gives it back.
  wanted integer NOT NULL DEFAULT 1 CHECK (wanted >= 0),
  agree_needed integer NOT NULL DEFAULT 1 CHECK (agree_needed BETWEEN 1 AND 5),
  max_answers integer NOT NULL DEFAULT 1 CHECK (max_answers BETWEEN 1 AND 5),
  currency text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  price_per_answer bigint NOT NULL CHECK (price_per_answer > 0),
  -- The ledger key of the hold taken at submission (price × max_answers).
  hold_key text NOT NULL UNIQUE,
  charged bigint NOT NULL DEFAULT 0,
  -- The final answer: the solution object of API v2; error_code when unsolvable.
  solution jsonb,
  error_code text,
  solve_count integer NOT NULL DEFAULT 0,
  -- Who gave the accepted answer (the first of the agreeing ones).
  solved_by bigint REFERENCES users (id) ON DELETE SET NULL,
  pingback_url text,
  soft_id integer,
  client_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deadline_at timestamptz NOT NULL,
  ended_at timestamptz,
  report text CHECK (report IN ('good', 'bad')),
  reported_at timestamptz,
  refunded boolean NOT NULL DEFAULT false
);
-- The queue: only open tasks that want a worker are in this index; a claim walks it in its own order (best
-- price, then oldest) and stops at the first task of the worker's types, with no sort.
CREATE INDEX captcha_tasks_queue ON captcha_tasks (price_per_answer DESC, id) WHERE state = 'open' AND wanted > 0;
CREATE INDEX captcha_tasks_open_deadline ON captcha_tasks (deadline_at) WHERE state = 'open';
CREATE INDEX captcha_tasks_customer ON captcha_tasks (customer_id, id DESC);
-- A customer's tasks still waiting for a worker (ERROR_NO_SLOT_AVAILABLE counts them).
CREATE INDEX captcha_tasks_customer_waiting ON captcha_tasks (customer_id) WHERE state = 'open' AND wanted > 0;

CREATE TABLE captcha_task_files (
  task_id bigint NOT NULL REFERENCES captcha_tasks (id) ON DELETE CASCADE,
  -- body, imgInstructions, images.0 …
  name text NOT NULL,
  mime text NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (task_id, name)
);

-- Tasks with a known answer: gold tasks mixed into real work, and training tasks new workers pass first.
CREATE TABLE gold_tasks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL REFERENCES captcha_types (code),
  params jsonb NOT NULL,
  files jsonb NOT NULL DEFAULT '[]',
  language text,
  -- The accepted answers (solution objects); an answer matching any of them is correct.
  answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'array'),
  training boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gold_tasks_type ON gold_tasks (type, training) WHERE enabled;

-- One worker's go at one task (or gold task): offered, then answered, skipped or expired. A worker never
-- gets the same task twice.
CREATE TABLE task_assignments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id bigint REFERENCES captcha_tasks (id) ON DELETE CASCADE,
  gold_task_id bigint REFERENCES gold_tasks (id) ON DELETE CASCADE,
  worker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'answered', 'skipped', 'expired', 'not_a_captcha')),
  lease_until timestamptz NOT NULL,
  answer jsonb,
  -- Known for gold tasks at once, for real tasks by agreement or by the customer's report.
  correct boolean,
  earned bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  CHECK ((task_id IS NULL) <> (gold_task_id IS NULL))
);
CREATE UNIQUE INDEX task_assignments_once ON task_assignments (task_id, worker_id) WHERE task_id IS NOT NULL;
CREATE INDEX task_assignments_active ON task_assignments (lease_until) WHERE state = 'active';
CREATE INDEX task_assignments_worker ON task_assignments (worker_id, id DESC);
CREATE INDEX task_assignments_task ON task_assignments (task_id) WHERE task_id IS NOT NULL;

-- A worker's standing per task type: training until the training tasks are passed, then active; suspended
-- when accuracy falls below the threshold, with the reason shown to the worker.
CREATE TABLE worker_skills (
  worker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL REFERENCES captcha_types (code),
  status text NOT NULL DEFAULT 'training' CHECK (status IN ('training', 'active', 'suspended')),
  rating integer NOT NULL DEFAULT 100 CHECK (rating BETWEEN 0 AND 1000),
  reason text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (worker_id, type)
);

-- Accuracy counters per worker, type and language (gold answers and customers' reports).
CREATE TABLE worker_accuracy (
  worker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL REFERENCES captcha_types (code),
  language text NOT NULL DEFAULT '',
  answered integer NOT NULL DEFAULT 0,
  gold_correct integer NOT NULL DEFAULT 0,
  gold_wrong integer NOT NULL DEFAULT 0,
  reported_good integer NOT NULL DEFAULT 0,
  reported_bad integer NOT NULL DEFAULT 0,
  PRIMARY KEY (worker_id, type, language)
);

-- What a worker got wrong: wrong gold answers and answers a customer reported (/cabinet/mistakes).
CREATE TABLE worker_mistakes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  worker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  assignment_id bigint NOT NULL UNIQUE REFERENCES task_assignments (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('gold', 'report')),
  given jsonb,
  expected jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worker_mistakes_worker ON worker_mistakes (worker_id, id DESC);

-- Callback addresses a customer registered (add_pingback); a task's pingback must be on one of their hosts.
CREATE TABLE pingback_addresses (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (char_length(url) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, url)
);

-- Every delivery attempt of a pingback, for the customer to see; next_attempt_at drives the retries.
CREATE TABLE pingback_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id bigint NOT NULL UNIQUE REFERENCES captcha_tasks (id) ON DELETE CASCADE,
  url text NOT NULL,
  code text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  log jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pingback_deliveries_due ON pingback_deliveries (next_attempt_at) WHERE state = 'pending';

-- The whole catalogue of the reference (captcha-api §2.3, §2.4): deadline 90 s for image types, 300 s for token
-- types; starting prices from the reference's examples (USD per task; RUB at 90 per USD), editable by admins.
INSERT INTO captcha_types (code, kind, deadline_seconds, lease_seconds, position) VALUES
  ('ImageToTextTask', 'image', 90, 30, 0),
  ('TextCaptchaTask', 'image', 90, 30, 1),
  ('GridTask', 'image', 90, 60, 2),
  ('CoordinatesTask', 'image', 90, 60, 3),
  ('RotateTask', 'image', 90, 60, 4),
  ('BoundingBoxTask', 'image', 90, 60, 5),
  ('DrawAroundTask', 'image', 90, 60, 6),
  ('DragAndDropTask', 'image', 90, 60, 7),
  ('AudioTask', 'image', 90, 60, 8),
  ('VKCaptchaImageTask', 'image', 90, 60, 9),
  ('TemuImageTask', 'image', 90, 60, 10),
  ('SmartCaptchaTask', 'image', 90, 60, 11),
  ('PazlCaptchaTask', 'image', 90, 60, 12),
  ('RecaptchaV2Task', 'token', 300, 180, 13),
  ('RecaptchaV2EnterpriseTask', 'token', 300, 180, 14),
  ('RecaptchaV3Task', 'token', 300, 180, 15),
  ('TurnstileTask', 'token', 300, 180, 16),
  ('GeeTestTask', 'token', 300, 180, 17),
  ('FunCaptchaTask', 'token', 300, 180, 18),
  ('CapyTask', 'token', 300, 180, 19),
  ('LeminTask', 'token', 300, 180, 20),
  ('AmazonTask', 'token', 300, 180, 21),
  ('MtCaptchaTask', 'token', 300, 180, 22),
  ('DataDomeSliderTask', 'token', 300, 180, 23),
  ('CutCaptchaTask', 'token', 300, 180, 24),
  ('FriendlyCaptchaTask', 'token', 300, 180, 25),
  ('TencentTask', 'token', 300, 180, 26),
  ('AtbCaptchaTask', 'token', 300, 180, 27),
  ('ProsopoTask', 'token', 300, 180, 28),
  ('CaptchaFoxTask', 'token', 300, 180, 29),
  ('VKCaptchaTask', 'token', 300, 180, 30),
  ('KeyCaptchaTask', 'token', 300, 180, 31),
  ('YandexSmartCaptchaTask', 'token', 300, 180, 32),
  ('AntiCyberSiAraTask', 'token', 300, 180, 33),
  ('AltchaTask', 'token', 300, 180, 34),
  ('BinanceTask', 'token', 300, 180, 35),
  ('YidunTask', 'token', 300, 180, 36),
  ('AlibabaTask', 'token', 300, 180, 37),
  ('BasiliskTask', 'token', 300, 180, 38),
  ('HuntTask', 'token', 300, 180, 39),
  ('TspdTask', 'token', 300, 180, 40),
  ('IncapsulaTask', 'token', 300, 180, 41)
ON CONFLICT (code) DO UPDATE SET lease_seconds = EXCLUDED.lease_seconds, position = EXCLUDED.position;

INSERT INTO captcha_prices (type, currency, price_per_task) VALUES
  ('ImageToTextTask', 'USD', 500), ('ImageToTextTask', 'RUB', 45000),
  ('TextCaptchaTask', 'USD', 1000), ('TextCaptchaTask', 'RUB', 90000),
  ('GridTask', 'USD', 1200), ('GridTask', 'RUB', 108000),
  ('CoordinatesTask', 'USD', 1200), ('CoordinatesTask', 'RUB', 108000),
  ('RotateTask', 'USD', 500), ('RotateTask', 'RUB', 45000),
  ('BoundingBoxTask', 'USD', 1200), ('BoundingBoxTask', 'RUB', 108000),
  ('DrawAroundTask', 'USD', 1200), ('DrawAroundTask', 'RUB', 108000),
  ('DragAndDropTask', 'USD', 1200), ('DragAndDropTask', 'RUB', 108000),
  ('AudioTask', 'USD', 500), ('AudioTask', 'RUB', 45000),
  ('VKCaptchaImageTask', 'USD', 1450), ('VKCaptchaImageTask', 'RUB', 130500),
  ('TemuImageTask', 'USD', 1200), ('TemuImageTask', 'RUB', 108000),
  ('SmartCaptchaTask', 'USD', 1200), ('SmartCaptchaTask', 'RUB', 108000),
  ('PazlCaptchaTask', 'USD', 1200), ('PazlCaptchaTask', 'RUB', 108000),
  ('RecaptchaV2Task', 'USD', 2990), ('RecaptchaV2Task', 'RUB', 269100),
  ('RecaptchaV2EnterpriseTask', 'USD', 2990), ('RecaptchaV2EnterpriseTask', 'RUB', 269100),
  ('RecaptchaV3Task', 'USD', 2990), ('RecaptchaV3Task', 'RUB', 269100),
  ('TurnstileTask', 'USD', 1450), ('TurnstileTask', 'RUB', 130500),
  ('GeeTestTask', 'USD', 2000), ('GeeTestTask', 'RUB', 180000),
  ('FunCaptchaTask', 'USD', 2000), ('FunCaptchaTask', 'RUB', 180000),
  ('CapyTask', 'USD', 2000), ('CapyTask', 'RUB', 180000),
  ('LeminTask', 'USD', 2000), ('LeminTask', 'RUB', 180000),
  ('AmazonTask', 'USD', 1450), ('AmazonTask', 'RUB', 130500),
  ('MtCaptchaTask', 'USD', 1450), ('MtCaptchaTask', 'RUB', 130500),
  ('DataDomeSliderTask', 'USD', 2990), ('DataDomeSliderTask', 'RUB', 269100),
  ('CutCaptchaTask', 'USD', 1450), ('CutCaptchaTask', 'RUB', 130500),
  ('FriendlyCaptchaTask', 'USD', 1450), ('FriendlyCaptchaTask', 'RUB', 130500),
  ('TencentTask', 'USD', 2000), ('TencentTask', 'RUB', 180000),
  ('AtbCaptchaTask', 'USD', 2000), ('AtbCaptchaTask', 'RUB', 180000),
  ('ProsopoTask', 'USD', 1450), ('ProsopoTask', 'RUB', 130500),
  ('CaptchaFoxTask', 'USD', 1450), ('CaptchaFoxTask', 'RUB', 130500),
  ('VKCaptchaTask', 'USD', 1450), ('VKCaptchaTask', 'RUB', 130500),
  ('KeyCaptchaTask', 'USD', 2000), ('KeyCaptchaTask', 'RUB', 180000),
  ('YandexSmartCaptchaTask', 'USD', 1450), ('YandexSmartCaptchaTask', 'RUB', 130500),
  ('AntiCyberSiAraTask', 'USD', 2000), ('AntiCyberSiAraTask', 'RUB', 180000),
  ('AltchaTask', 'USD', 1200), ('AltchaTask', 'RUB', 108000),
  ('BinanceTask', 'USD', 2000), ('BinanceTask', 'RUB', 180000),
  ('YidunTask', 'USD', 3000), ('YidunTask', 'RUB', 270000),
  ('AlibabaTask', 'USD', 2000), ('AlibabaTask', 'RUB', 180000),
  ('BasiliskTask', 'USD', 2000), ('BasiliskTask', 'RUB', 180000),
  ('HuntTask', 'USD', 3000), ('HuntTask', 'RUB', 270000),
  ('TspdTask', 'USD', 2990), ('TspdTask', 'RUB', 269100),
  ('IncapsulaTask', 'USD', 2990), ('IncapsulaTask', 'RUB', 269100);
