-- Issue 27: res.php and getTaskResult polls are answered from each process's memory while nothing has changed
-- (server/src/modules/captcha/poll-cache.ts): the owner of an API key, and a task that is still waiting. These
-- triggers tell every process, by NOTIFY at commit, when that stops being true.

-- What a key's owner is read for (engine.ts CLIENT_COLUMNS: the customer API and the worker API), or the user is
-- gone: payload the user id.
CREATE FUNCTION api_client_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_clients', OLD.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER users_api_client
  AFTER UPDATE OF api_key_hash, user_type, currency, api_allowed_ips, recognition_agree, recognition_max_answers,
    default_language, default_soft_id, max_bid, banned_until OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION api_client_notify();

-- A task left its state (a waiting task was solved, ended unsolvable or expired), its deadline moved, or it is
-- gone: payload its id.
CREATE FUNCTION captcha_task_state_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('captcha_task_state', OLD.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER captcha_tasks_state
  AFTER UPDATE OF state, deadline_at ON captcha_tasks
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.deadline_at IS DISTINCT FROM NEW.deadline_at)
  EXECUTE FUNCTION captcha_task_state_notify();
CREATE TRIGGER captcha_tasks_gone
  AFTER DELETE ON captcha_tasks
  FOR EACH ROW EXECUTE FUNCTION captcha_task_state_notify();
