-- Retraining (issue 16): a worker suspended from a type takes its training again; passing it (judged on the
-- training answers given since the suspension) makes the type active again, and the standing is judged afresh
-- from then on: the counters of worker_accuracy at that moment are kept here and subtracted (standing.ts).
ALTER TABLE worker_skills
  ADD COLUMN suspended_at timestamptz,
  -- goldAccuracy | reports | moderator, with the figure and the bar in per cent; `reason` keeps the English text.
  ADD COLUMN suspension_cause text CHECK (suspension_cause IN ('goldAccuracy', 'reports', 'moderator')),
  ADD COLUMN suspension_percent integer,
  ADD COLUMN suspension_limit integer,
  ADD COLUMN reinstated_at timestamptz,
  ADD COLUMN base_answered integer NOT NULL DEFAULT 0,
  ADD COLUMN base_gold_correct integer NOT NULL DEFAULT 0,
  ADD COLUMN base_gold_wrong integer NOT NULL DEFAULT 0,
  ADD COLUMN base_reported_bad integer NOT NULL DEFAULT 0;

UPDATE worker_skills
   SET suspended_at = updated_at,
       suspension_cause = CASE
         WHEN reason ~ '^Accuracy on check tasks is \d+ %' THEN 'goldAccuracy'
         WHEN reason ~ '^Customers reported \d+ %' THEN 'reports'
         ELSE 'moderator' END,
       suspension_percent = substring(reason FROM '^(?:Accuracy on check tasks is|Customers reported) (\d+) %')::integer,
       suspension_limit = CASE
         WHEN reason ~ '^Accuracy on check tasks is \d+ %' THEN 70
         WHEN reason ~ '^Customers reported \d+ %' THEN 20 END
 WHERE status = 'suspended';

-- Every type a person solves in the cabinet now opens only after its training, also where it had no training
-- tasks before. A worker who already did real work of such a type keeps it: their answers are on record and
-- check tasks and reports go on judging them.
INSERT INTO worker_skills (worker_id, type, status)
SELECT worker_id, type, 'active' FROM worker_accuracy GROUP BY worker_id, type HAVING sum(answered) > 0
ON CONFLICT (worker_id, type) DO NOTHING;
