-- Retention (issue 14, docs/decisions/0023-scale-out.md): the audit trigger of 0001/0004, which
-- skips the rows a retention purge deletes; the purge writes one summary row of its own.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- With no trigger arguments TG_ARGV is NULL, and jsonb - NULL is NULL: default to none.
  hidden text[] := coalesce(TG_ARGV, '{}'::text[]);
  old_row jsonb;
  new_row jsonb;
BEGIN
  -- Housekeeping (lib/retention.ts) deletes expired sessions, tokens and finished jobs in bulk:
  -- one summary row says what it removed, not one row per expired session.
  IF current_setting('app.action', true) = 'retention.purge' THEN
    RETURN NULL;
  END IF;
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
