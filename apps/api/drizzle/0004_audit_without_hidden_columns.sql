-- Fix of 0001: a trigger created without arguments (nothing to hide) logged
-- NULL old and new values, and skipped every UPDATE as "unchanged", because
-- TG_ARGV is NULL then. Same function, with an empty list instead.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- With no trigger arguments TG_ARGV is NULL, and jsonb - NULL is NULL: default to none.
  hidden text[] := coalesce(TG_ARGV, '{}'::text[]);
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
