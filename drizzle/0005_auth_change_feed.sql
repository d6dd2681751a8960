-- Announces every change to users and sessions on the channel 'inklink_auth' (see
-- server/auth/session-cache.ts), whoever made it, so each server process can drop cached sessions
-- at once. One notification per statement: the changed user ids joined by commas, or '*' when a
-- statement touched so many users that clearing everything is cheaper. NOTIFY is delivered only
-- when the transaction commits.
CREATE OR REPLACE FUNCTION inklink_announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    SELECT CASE WHEN count(*) > 100 THEN '*' ELSE string_agg(DISTINCT id::text, ',') END INTO changed FROM changed_rows;
  ELSE
    SELECT CASE WHEN count(DISTINCT user_id) > 100 THEN '*' ELSE string_agg(DISTINCT user_id::text, ',') END INTO changed FROM changed_rows;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('inklink_auth', changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_auth_change();
