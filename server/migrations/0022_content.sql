-- Content (issue 19, docs/ARCHITECTURE.md "Content"): the blog, the software blog and tutorials — and, reserved
-- for the next issue, API docs and landing pages — share one model. An article is one logical page; it has a
-- translation per language, each with its own title, slug, Markdown source and the HTML rendered from it when
-- it was saved (server/src/modules/content/render.ts: requests never render). Every save of a translation keeps
-- a revision.

-- Trigram search for the languages PostgreSQL cannot stem (ja, ko, pl, th, uk, vi, zh …) and for parts of
-- words in titles. A trusted extension: the database's owner may create it. PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm (server/src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The text-search configuration of a language: a stemmer for the site languages PostgreSQL has one for, else
-- `simple` (lower-cased words, no stemming). A SQL-standard body: its constants are resolved once, here, so the
-- function is truly immutable and may feed a stored generated column.
CREATE FUNCTION content_search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE language
    WHEN 'en' THEN 'pg_catalog.english'::regconfig
    WHEN 'de' THEN 'pg_catalog.german'::regconfig
    WHEN 'es' THEN 'pg_catalog.spanish'::regconfig
    WHEN 'fr' THEN 'pg_catalog.french'::regconfig
    WHEN 'it' THEN 'pg_catalog.italian'::regconfig
    WHEN 'pt' THEN 'pg_catalog.portuguese'::regconfig
    WHEN 'ru' THEN 'pg_catalog.russian'::regconfig
    WHEN 'tr' THEN 'pg_catalog.turkish'::regconfig
    ELSE 'pg_catalog.simple'::regconfig
  END;

CREATE TABLE articles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('blog', 'software_blog', 'tutorial', 'api_doc', 'landing')),
  -- The page's name across its languages, unique per kind (the first translation's slug unless an editor
  -- gives one; API docs will use it for slug and version).
  key text NOT NULL CHECK (char_length(key) <= 160 AND key ~ '^[a-z0-9]+([-./][a-z0-9]+)*$'),
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Lower-case words with hyphens, shared by every translation.
  tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 10),
  -- A site path (/…) or an https address.
  cover_url text CHECK (char_length(cover_url) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, key),
  -- For the translations' foreign key, which carries the kind so that slugs are unique per kind.
  UNIQUE (id, kind)
);
CREATE INDEX articles_tags ON articles USING gin (tags);

CREATE TABLE article_translations (
  article_id bigint NOT NULL,
  kind text NOT NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  slug text NOT NULL CHECK (char_length(slug) <= 120 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The source of truth; html, plain_text, toc and reading_minutes are rendered from it on every save.
  markdown text NOT NULL,
  html text NOT NULL,
  plain_text text NOT NULL,
  -- [{ "depth": 2, "id": "…", "text": "…" }]: the h2 and h3 headings with their anchors.
  toc jsonb NOT NULL DEFAULT '[]',
  reading_minutes integer NOT NULL DEFAULT 1 CHECK (reading_minutes >= 1),
  -- The title weighs more than the text; stemmed where the language has a stemmer.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(content_search_config(language), title), 'A')
      || setweight(to_tsvector(content_search_config(language), plain_text), 'B')
  ) STORED,
  -- draft: editors only. scheduled: public from publish_at on (a job then marks it published). published:
  -- public; published_at is when it first was (kept through an unpublish, so a fix does not move it).
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published')),
  publish_at timestamptz,
  published_at timestamptz,
  seo_title text CHECK (char_length(seo_title) <= 200),
  seo_description text CHECK (char_length(seo_description) <= 400),
  -- Another address search engines should index instead of this one.
  canonical text CHECK (char_length(canonical) <= 500),
  -- Translation freshness: the revision of the source-language (English) translation this text was made
  -- from. Outdated when the source has a later revision. NULL for the source itself.
  source_revision bigint,
  -- Popular sorting: reads of the public page, counted once per reader and hour.
  views bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (article_id, language),
  FOREIGN KEY (article_id, kind) REFERENCES articles (id, kind) ON DELETE CASCADE,
  UNIQUE (kind, language, slug),
  CHECK ((status = 'scheduled') = (publish_at IS NOT NULL)),
  CHECK (status <> 'published' OR published_at IS NOT NULL)
);
CREATE INDEX article_translations_list ON article_translations (kind, language, status);
CREATE INDEX article_translations_search ON article_translations USING gin (search);
CREATE INDEX article_translations_title_trgm ON article_translations USING gin (title gin_trgm_ops);
CREATE INDEX article_translations_text_trgm ON article_translations USING gin (plain_text gin_trgm_ops);
-- The publishing job's look-up.
CREATE INDEX article_translations_due ON article_translations (publish_at) WHERE status = 'scheduled';

-- Every save of a translation that changed its title or text: who, when, and what it was then. A restore is a
-- new revision with the old text (restored_from names the one it came from); history is never rewritten.
CREATE TABLE article_revisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  article_id bigint NOT NULL,
  language text NOT NULL,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  title text NOT NULL,
  markdown text NOT NULL,
  restored_from bigint REFERENCES article_revisions (id) ON DELETE SET NULL,
  FOREIGN KEY (article_id, language) REFERENCES article_translations (article_id, language) ON DELETE CASCADE
);
CREATE INDEX article_revisions_translation ON article_revisions (article_id, language, id DESC);
