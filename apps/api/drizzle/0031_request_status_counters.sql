-- Service requests by status for /customers_requests/statistics (issue 21 §3): staff read the
-- whole table's counts, which grouped 200,000 rows on every call (145–200 ms). Kept in `counters`
-- like the users' (migration 0006), by statement triggers over the transition tables, in the same
-- transaction as the change: exact at every moment. A member's own counts still come from their
-- rows (customer_requests_created_by_idx: a few rows each).
CREATE OR REPLACE FUNCTION request_counter_keys(status smallint, removed smallint, branch_id integer,
  receiving_date date) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN removed <> 0 THEN ARRAY[]::text[]
    WHEN branch_id IS NOT NULL AND receiving_date IS NOT NULL
      THEN ARRAY['customer_requests.status.' || status, 'customer_requests.branched']
    ELSE ARRAY['customer_requests.status.' || status]
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_customer_requests() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Keys in a fixed order, in one statement: two opposite moves cannot deadlock on the counter rows.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, n)
      SELECT k, count(*) FROM new_rows,
        unnest(request_counter_keys(status, removed, branch_id, receiving_date)) AS k
      GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters (key, n)
      SELECT k, -count(*) FROM old_rows,
        unnest(request_counter_keys(status, removed, branch_id, receiving_date)) AS k
      GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSE
    INSERT INTO counters (key, n)
      SELECT k, sum(d) FROM (
        SELECT k, -1 AS d FROM old_rows, unnest(request_counter_keys(status, removed, branch_id, receiving_date)) AS k
        UNION ALL
        SELECT k, 1 FROM new_rows, unnest(request_counter_keys(status, removed, branch_id, receiving_date)) AS k
      ) AS moves
      GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_requests_count_insert AFTER INSERT ON customer_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_customer_requests();
--> statement-breakpoint
CREATE TRIGGER customer_requests_count_update AFTER UPDATE ON customer_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_customer_requests();
--> statement-breakpoint
CREATE TRIGGER customer_requests_count_delete AFTER DELETE ON customer_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_customer_requests();
--> statement-breakpoint
-- Recounts from the rows (after a bulk load that bypassed triggers; also run here once).
CREATE OR REPLACE FUNCTION refresh_request_counters() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM counters WHERE key LIKE 'customer\_requests.%';
  INSERT INTO counters (key, n)
    SELECT k, count(*) FROM customer_requests, unnest(request_counter_keys(status, removed, branch_id, receiving_date)) AS k
    GROUP BY k;
$$;
--> statement-breakpoint
SELECT refresh_request_counters();
