-- FAQ and the support bot (issue 23, contract/src/faq.ts and contract/src/bot.ts).

-- FAQ answers are articles of the content model (kind faq): translations, revisions, search, editors and the
-- product's own files (server/content/faq/) as for the other kinds. The audience is the article's first tag
-- (customer, developer, worker or worker-terms).
ALTER TABLE articles DROP CONSTRAINT articles_kind_check;
ALTER TABLE articles ADD CONSTRAINT articles_kind_check
  CHECK (kind IN ('blog', 'software_blog', 'tutorial', 'api_doc', 'landing', 'faq'));

-- "Was this helpful?" under an FAQ answer: one vote per reader (a signed-in account, else the visitor cookie) and
-- answer; voting again changes the vote.
CREATE TABLE faq_votes (
  article_id bigint NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  voter text NOT NULL CHECK (char_length(voter) <= 80),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  helpful boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (article_id, voter)
);

-- What the bot knows: the FAQ, the tutorials and the API docs' guides cut at their headings (a chunk is an
-- introduction or one ## / ### section), rebuilt from the content when it changes. Full-text in the language's
-- configuration (content_search_config, 0022), the article's title and the section's heading weighing more;
-- trigrams for the languages PostgreSQL cannot stem and for misspelt words.
CREATE TABLE bot_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('faq', 'tutorial', 'docs')),
  source_key text NOT NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  ordinal integer NOT NULL,
  title text NOT NULL,
  heading text,
  -- The page and the heading's anchor (/support/faq/refund-for-a-wrong-answer#how-to-report).
  path text NOT NULL,
  body text NOT NULL,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(content_search_config(language), title || ' ' || coalesce(heading, '')), 'A')
      || setweight(to_tsvector(content_search_config(language), body), 'B')
  ) STORED,
  UNIQUE (source, source_key, language, ordinal)
);
CREATE INDEX bot_chunks_search ON bot_chunks USING gin (search);
CREATE INDEX bot_chunks_heading_trgm ON bot_chunks USING gin ((title || ' ' || coalesce(heading, '')) gin_trgm_ops);

-- In how many chunks of a language each lexeme occurs: ts_rank_cd has no inverse document frequency, this table
-- supplies it (a word in every chunk, such as "captcha", says little about which one answers).
CREATE TABLE bot_term_stats (
  language text NOT NULL,
  lexeme text NOT NULL,
  chunks integer NOT NULL,
  PRIMARY KEY (language, lexeme)
);

-- One conversation with the bot: a signed-in account's or a visitor's. Published conversations are listed on
-- /p/support-bot-threads without who had them.
CREATE TABLE bot_threads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  visitor text CHECK (char_length(visitor) <= 80),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR visitor IS NOT NULL)
);
CREATE INDEX bot_threads_published ON bot_threads (published_at DESC, id DESC) WHERE published_at IS NOT NULL;

-- A question and the bot's answer: the passages it quoted (as they were then: chunks are rebuilt), its
-- confidence, whether it answered at all, and what the asker said of it.
CREATE TABLE bot_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id bigint NOT NULL REFERENCES bot_threads (id) ON DELETE CASCADE,
  question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 1000),
  passages jsonb NOT NULL DEFAULT '[]',
  confidence real NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  answered boolean NOT NULL,
  helpful boolean,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bot_messages_thread ON bot_messages (thread_id, id);
-- The FAQ-gap report: questions not answered or answered unhelpfully.
CREATE INDEX bot_messages_gaps ON bot_messages (created_at DESC) WHERE NOT answered OR helpful = false;
