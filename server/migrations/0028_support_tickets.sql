-- Support tickets (contract/src/support.ts, server/src/modules/support/): a ticket per question, its thread of
-- messages (staff's internal notes among them), pictures from the content platform's attachment store, and an
-- append-only log of events from which response targets (SLA) are computed on read.

CREATE TABLE support_tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  audience text NOT NULL CHECK (audience IN ('customer', 'developer', 'worker')),
  category text NOT NULL CHECK (category IN ('api', 'payments', 'solving', 'account', 'workers', 'other')),
  priority text NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 3 AND 150),
  status text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'open', 'waiting', 'on_hold', 'resolved', 'closed', 'spam')),
  assignee_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The account's diagnostics it chose to send when it opened the ticket (TicketContext), or null.
  context jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last message the customer sees, and who wrote it.
  last_message_at timestamptz NOT NULL DEFAULT now(),
  last_by text NOT NULL DEFAULT 'customer' CHECK (last_by IN ('customer', 'staff'))
);
CREATE INDEX support_tickets_user ON support_tickets (user_id, last_message_at DESC, id DESC);
CREATE INDEX support_tickets_waiting ON support_tickets (last_message_at, id) WHERE status IN ('new', 'open');
CREATE INDEX support_tickets_assignee ON support_tickets (assignee_id, last_message_at) WHERE assignee_id IS NOT NULL;

CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  staff boolean NOT NULL,
  -- Staff's note: never shown to the customer.
  internal boolean NOT NULL DEFAULT false,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 20000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (staff OR NOT internal)
);
CREATE INDEX support_messages_ticket ON support_messages (ticket_id, id);

CREATE TABLE support_message_attachments (
  message_id bigint NOT NULL REFERENCES support_messages (id) ON DELETE CASCADE,
  attachment_id bigint NOT NULL REFERENCES content_attachments (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  PRIMARY KEY (message_id, attachment_id)
);

-- What happened to a ticket, in order: created, message, note, status (from, to), assigned.
CREATE TABLE support_ticket_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('created', 'message', 'note', 'status', 'assigned')),
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  staff boolean NOT NULL,
  from_status text,
  to_status text,
  assignee_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_ticket_events_ticket ON support_ticket_events (ticket_id, id);
