-- The software catalogue (contract/src/catalog.ts, server/src/modules/catalog/): programs that work with the
-- Manyhands API, their texts in en and ru, categories, and reviews. A program's usage is its soft_id's tasks.

CREATE TABLE software_categories (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  position integer NOT NULL,
  -- { "en": "…", "ru": "…" }
  names jsonb NOT NULL,
  descriptions jsonb NOT NULL
);

CREATE TABLE software_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (char_length(slug) BETWEEN 3 AND 60 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 80),
  -- The author's account; null: listed by Manyhands.
  owner_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The 2captcha protocol's developer id: tasks sent with it are this program's usage.
  soft_id integer UNIQUE CHECK (soft_id > 0),
  status text NOT NULL CHECK (status IN ('draft', 'pending', 'published', 'rejected', 'hidden')),
  website text CHECK (char_length(website) <= 500),
  platforms text[] NOT NULL DEFAULT '{}',
  pricing text NOT NULL CHECK (pricing IN ('free', 'freemium', 'paid', 'open-source')),
  -- The folder of server/content/software it was loaded from (the seeded catalogue); null for authors' items.
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX software_items_name_trgm ON software_items USING gin (name gin_trgm_ops);

CREATE TABLE software_texts (
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'ru')),
  summary text NOT NULL CHECK (char_length(summary) BETWEEN 1 AND 160),
  -- Markdown; rendered (sanitised) when read, and kept rendered in memory.
  description text NOT NULL CHECK (char_length(description) <= 20000),
  PRIMARY KEY (software_id, language)
);
CREATE INDEX software_texts_summary_trgm ON software_texts USING gin (summary gin_trgm_ops);
CREATE INDEX software_texts_description_trgm ON software_texts USING gin (description gin_trgm_ops);

CREATE TABLE software_item_categories (
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  category text NOT NULL REFERENCES software_categories (slug),
  PRIMARY KEY (software_id, category)
);
CREATE INDEX software_item_categories_category ON software_item_categories (category);

CREATE TABLE software_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  software_id bigint NOT NULL REFERENCES software_items (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL CHECK (char_length(body) BETWEEN 20 AND 4000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected', 'hidden')),
  -- The reviewer's account had sent tasks with the program's soft_id when the review was written.
  verified_usage boolean NOT NULL DEFAULT false,
  -- Why a moderator should look twice: NEW_ACCOUNT, SAME_IP_AS_AUTHOR, BURST, NEAR_DUPLICATE, NO_USAGE.
  flags text[] NOT NULL DEFAULT '{}',
  ip text,
  reject_reason text CHECK (char_length(reject_reason) <= 500),
  reply_body text CHECK (char_length(reply_body) <= 4000),
  reply_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  moderated_at timestamptz,
  moderated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (software_id, user_id)
);
CREATE INDEX software_reviews_published ON software_reviews (software_id, created_at DESC, id DESC)
  WHERE status = 'published';
CREATE INDEX software_reviews_pending ON software_reviews (created_at, id) WHERE status = 'pending';

-- A program's usage and public statistics read its soft_id's tasks by time.
CREATE INDEX captcha_tasks_soft_id ON captcha_tasks (soft_id, created_at) WHERE soft_id IS NOT NULL;
