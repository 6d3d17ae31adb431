-- System messages written by administrators (issue 24): one broadcast row per message sent — to one user, a list of
-- users or everyone of an account type — and one system_messages row per recipient linked to it, which the user's
-- modal shows and marks read (read_at), so the broadcast's readers are counted from its rows.
CREATE TABLE system_message_broadcasts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A label for staff's list; users never see it.
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  -- { "en": "<p>…</p>", "de": "…" }: sanitised HTML per language; English is the fallback.
  message jsonb NOT NULL CHECK (jsonb_typeof(message) = 'object' AND message ? 'en'),
  -- user: one account; users: a list; account_type: everyone of account_type when it was sent.
  audience text NOT NULL CHECK (audience IN ('user', 'users', 'account_type')),
  account_type text CHECK (account_type IN ('customer', 'developer', 'worker')),
  recipients integer NOT NULL DEFAULT 0,
  -- NULL once the administrator's account is deleted; the row stays.
  sender_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((audience = 'account_type') = (account_type IS NOT NULL))
);
CREATE INDEX system_message_broadcasts_created ON system_message_broadcasts (created_at DESC, id DESC);

ALTER TABLE system_messages
  ADD COLUMN broadcast_id bigint REFERENCES system_message_broadcasts (id) ON DELETE CASCADE;
CREATE INDEX system_messages_broadcast ON system_messages (broadcast_id, read_at) WHERE broadcast_id IS NOT NULL;
