-- The one audit mechanism (DESIGN §3): an AFTER trigger on every audited table
-- writes the old and new row to audit_logs. The acting user, URL, method, IP,
-- request id and an optional action name come from transaction-local settings
-- (app.*) that db/transaction.ts sets; nothing in a handler writes log rows.
-- Trigger arguments name columns never copied into the log (secrets).
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  hidden text[] := TG_ARGV;
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - hidden; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - hidden; END IF;
  IF TG_OP = 'UPDATE' AND old_row IS NOT DISTINCT FROM new_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_logs (action, entity, entity_id, url, method, user_id, ip, request_id, old_value, new_value)
  VALUES (
    coalesce(nullif(current_setting('app.action', true), ''), TG_TABLE_NAME || '.' || lower(TG_OP)),
    TG_TABLE_NAME,
    coalesce(new_row ->> 'id', old_row ->> 'id', new_row ->> 'key', old_row ->> 'key',
             new_row ->> 'user_id', old_row ->> 'user_id', new_row ->> 'role_id', old_row ->> 'role_id'),
    nullif(current_setting('app.url', true), ''),
    nullif(current_setting('app.method', true), ''),
    nullif(current_setting('app.user_id', true), '')::integer,
    nullif(current_setting('app.ip', true), ''),
    nullif(current_setting('app.request_id', true), ''),
    old_row,
    new_row
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('password_hash');
--> statement-breakpoint
CREATE TRIGGER sessions_audit AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('token_hash', 'user_agent');
--> statement-breakpoint
CREATE TRIGGER roles_audit AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_audit AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_audit AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER user_permissions_audit AFTER INSERT OR UPDATE OR DELETE ON user_permissions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER settings_audit AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
