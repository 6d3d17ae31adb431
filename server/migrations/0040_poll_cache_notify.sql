-- Issue 27: res.php and getTaskResult polls are answered from each process's memory while nothing has changed
-- (server/src/modules/captcha/poll-cache.ts): the owner of an API key, and a task that is still waiting. These
-- triggers tell every process, by NOTIFY at commit, when that stops being true.

-- One function for every such trigger: it notifies the channel named by the trigger's argument, with the changed
-- (or deleted) row's id as the payload.
CREATE FUNCTION notify_row_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], OLD.id::text);
  RETURN NULL;
END
$$;

-- What a key's owner is read for (engine.ts CLIENT_COLUMNS: the customer API and the worker API), or the user is
-- gone: payload the user id.
CREATE TRIGGER users_api_client
  AFTER UPDATE OF api_key_hash, user_type, currency, api_allowed_ips, recognition_agree, recognition_max_answers,
    default_language, default_soft_id, max_bid, banned_until OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_row_id('api_clients');

-- A task left its state (a waiting task was solved, ended unsolvable or expired), its deadline moved, or it is
-- gone: payload its id.
CREATE TRIGGER captcha_tasks_state
  AFTER UPDATE OF state, deadline_at ON captcha_tasks
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.deadline_at IS DISTINCT FROM NEW.deadline_at)
  EXECUTE FUNCTION notify_row_id('captcha_task_state');
CREATE TRIGGER captcha_tasks_gone
  AFTER DELETE ON captcha_tasks
  FOR EACH ROW EXECUTE FUNCTION notify_row_id('captcha_task_state');
