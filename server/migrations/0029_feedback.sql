-- Feedback on the service and the proxies (contract/src/feedback.ts): a rating, the text, an optional way to reach
-- the writer, the account when signed in, the page's language; read by staff.

CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL CHECK (topic IN ('service', 'proxy')),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL CHECK (char_length(body) BETWEEN 10 AND 4000),
  contact text CHECK (char_length(contact) BETWEEN 1 AND 200),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_topic ON feedback (topic, id DESC);
