-- Operations console (issue 24): every action of staff (administrators, moderators) on someone else's account,
-- on a rule or on a price leaves a row here: who, when, what, on what, why, and the details of the change.
-- Rows are never updated or deleted by the application.
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- NULL once the staff member's account is deleted; the row stays.
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- admin | moderator: the role the action was taken under.
  actor_role text NOT NULL CHECK (actor_role IN ('admin', 'moderator')),
  -- A dotted name: "user.ban", "domain.create", "price.schedule", "payout.approve", …
  action text NOT NULL CHECK (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$'),
  -- What was acted on: a kind ("user", "domain_rule", "price", "payout", …) and its id as text.
  target_kind text NOT NULL,
  target_id text,
  -- The user the action concerns, if any (a ban's, a payout's payee), for a user's history.
  subject_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reason text,
  details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
  ip inet
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_action ON staff_audit (action, at DESC);
CREATE INDEX staff_audit_actor ON staff_audit (actor_id, at DESC);
CREATE INDEX staff_audit_subject ON staff_audit (subject_user_id, at DESC) WHERE subject_user_id IS NOT NULL;
