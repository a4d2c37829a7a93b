-- A role's live holders for the roles list and a role's page (issue 21 §3): counting the customer
-- role's ~100,000 holders on every call held /roles to 46 req/s (p99 267 ms) at DESIGN §5 size.
-- Kept in `counters` (key roles.<id>.users) by statement triggers, in the same transaction as the
-- change, like the users' counters (migration 0006). Live: the holder is not a removed user.
CREATE OR REPLACE FUNCTION count_role_holders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Keys in a fixed order, in one statement: two opposite moves cannot deadlock on the counter rows.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, n)
      SELECT 'roles.' || r.role_id || '.users', count(*) FROM new_rows r
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.deleted_at IS NOT NULL)
      GROUP BY 1 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters (key, n)
      SELECT 'roles.' || r.role_id || '.users', -count(*) FROM old_rows r
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.deleted_at IS NOT NULL)
      GROUP BY 1 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSE
    INSERT INTO counters (key, n)
      SELECT key, sum(d) FROM (
        SELECT 'roles.' || r.role_id || '.users' AS key, -1 AS d FROM old_rows r
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.deleted_at IS NOT NULL)
        UNION ALL
        SELECT 'roles.' || r.role_id || '.users', 1 FROM new_rows r
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.deleted_at IS NOT NULL)
      ) AS moves
      GROUP BY key HAVING sum(d) <> 0 ORDER BY key
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_roles_count_insert AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_role_holders();
--> statement-breakpoint
CREATE TRIGGER user_roles_count_update AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_role_holders();
--> statement-breakpoint
CREATE TRIGGER user_roles_count_delete AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_role_holders();
--> statement-breakpoint
-- A user removed or restored leaves or rejoins the holders of each of their roles.
CREATE OR REPLACE FUNCTION count_role_holders_of_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters (key, n)
    SELECT 'roles.' || ur.role_id || '.users', sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END)
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    JOIN user_roles ur ON ur.user_id = n.id
    WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
    GROUP BY 1 ORDER BY 1
  ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_role_holders_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_role_holders_of_users();
--> statement-breakpoint
-- Recounts from the rows (after a bulk load that bypassed triggers; also run here once).
CREATE OR REPLACE FUNCTION refresh_role_counters() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM counters WHERE key LIKE 'roles.%.users';
  INSERT INTO counters (key, n)
    SELECT 'roles.' || ur.role_id || '.users', count(*) FROM user_roles ur
    WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ur.user_id AND u.deleted_at IS NOT NULL)
    GROUP BY 1;
$$;
--> statement-breakpoint
SELECT refresh_role_counters();
