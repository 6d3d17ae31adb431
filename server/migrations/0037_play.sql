-- The play-and-earn hub (issue 26; rules: contract/src/play.ts and server/src/modules/play/rules.ts). XP is a
-- history of events, one per answer and kind, each with what explains it; a player's total and level are kept
-- beside it in the same transaction. Rewards and booster bonuses are ledger transfers with their own keys.

-- A player's running totals and league tier (one row from the first XP on).
CREATE TABLE play_profiles (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  xp bigint NOT NULL DEFAULT 0 CHECK (xp >= 0),
  level integer NOT NULL DEFAULT 1 CHECK (level >= 1),
  tier text NOT NULL DEFAULT 'bronze' CHECK (tier IN (
    'bronze', 'silver', 'gold', 'sapphire', 'ruby', 'emerald', 'amethyst', 'pearl', 'obsidian', 'diamond'
  )),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of XP: an answer's award (answer, check, training) and its clawback, each at most once per
-- assignment (the key a retried transaction meets).
CREATE TABLE play_xp_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  assignment_id bigint NOT NULL REFERENCES task_assignments (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('answer', 'check', 'training', 'clawback')),
  type text NOT NULL,
  xp integer NOT NULL,
  base integer NOT NULL,
  quality numeric(3, 2) NOT NULL CHECK (quality BETWEEN 0 AND 1),
  worth integer NOT NULL,
  capped boolean NOT NULL,
  correct boolean,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'clawback' AND xp < 0 OR kind <> 'clawback' AND xp >= 0)
);
-- One award per answer (answer, check and training exclude each other) and one clawback.
CREATE UNIQUE INDEX play_xp_events_award ON play_xp_events (assignment_id) WHERE kind <> 'clawback';
CREATE UNIQUE INDEX play_xp_events_clawback ON play_xp_events (assignment_id) WHERE kind = 'clawback';
CREATE INDEX play_xp_events_user ON play_xp_events (user_id, created_at DESC, id DESC);

-- Weekly leagues (weeks begin on Monday, UTC): players of a tier with similar volume, at most 30.
CREATE TABLE play_leagues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  tier text NOT NULL,
  members integer NOT NULL DEFAULT 0 CHECK (members BETWEEN 0 AND 30),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX play_leagues_week ON play_leagues (week, tier);

CREATE TABLE play_league_members (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  week date NOT NULL,
  league_id bigint NOT NULL REFERENCES play_leagues (id) ON DELETE CASCADE,
  tier text NOT NULL,
  -- Answers of the week before: what "similar volume" compares.
  volume integer NOT NULL DEFAULT 0,
  -- Written when the week is closed.
  xp integer,
  rank integer,
  outcome text CHECK (outcome IN ('promoted', 'stays', 'demoted')),
  held text CHECK (held IN ('fewGolds', 'accuracy')),
  flags text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (user_id, week)
);
CREATE INDEX play_league_members_league ON play_league_members (league_id);

-- A week whose leagues were ranked and whose tiers moved (once).
CREATE TABLE play_weeks (
  week date PRIMARY KEY,
  closed_at timestamptz NOT NULL DEFAULT now()
);

-- Rewards earned (a level reached, a promotion), claimed by the player: a bonus is paid, a booster starts.
CREATE TABLE play_rewards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('booster', 'bonus')),
  reason text NOT NULL CHECK (reason IN ('level', 'promotion')),
  level integer,
  week date,
  percent integer CHECK (percent BETWEEN 1 AND 50),
  minutes integer CHECK (minutes BETWEEN 1 AND 1440),
  amount bigint CHECK (amount > 0),
  earned_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  CHECK ((kind = 'booster') = (percent IS NOT NULL AND minutes IS NOT NULL)),
  CHECK ((kind = 'bonus') = (amount IS NOT NULL)),
  CHECK ((reason = 'level') = (level IS NOT NULL) AND (reason = 'promotion') = (week IS NOT NULL))
);
CREATE UNIQUE INDEX play_rewards_level ON play_rewards (user_id, level) WHERE reason = 'level';
CREATE UNIQUE INDEX play_rewards_promotion ON play_rewards (user_id, week) WHERE reason = 'promotion';
CREATE INDEX play_rewards_user ON play_rewards (user_id, earned_at DESC);

-- Boosters: one per booster reward, one running per player.
CREATE TABLE play_boosters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reward_id bigint NOT NULL UNIQUE REFERENCES play_rewards (id) ON DELETE CASCADE,
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 50),
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('expired', 'mistake', 'accuracy')),
  -- What it paid, by the currency of the answers it raised.
  bonus_paid_usd bigint NOT NULL DEFAULT 0,
  bonus_paid_rub bigint NOT NULL DEFAULT 0,
  CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
  CHECK (ends_at > started_at)
);
CREATE UNIQUE INDEX play_boosters_running ON play_boosters (user_id) WHERE ended_at IS NULL;
CREATE INDEX play_boosters_user ON play_boosters (user_id, started_at DESC);

-- The platform's side of the hub's bonuses and boosters.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_check CHECK (purpose IN (
  'customer_balance', 'worker_earnings', 'platform_revenue', 'promotional_credit', 'payment_clearing',
  'partner_balance', 'payout_clearing', 'payouts_sent',
  'staff_adjustments', 'play_rewards'
));
