-- The rollups kept by triggers (counters, installment_day_counts, the ledger's totals) are small
-- tables updated on every money action: a subscription updates 1,200 due days in one transaction.
-- With full pages an update that finds no room on its row's page writes the new version elsewhere
-- (not HOT, and every index gains an entry): after the bench's 120 subscriptions the day rollup held
-- 2,579 rows in 271 pages, and the dashboard's sum over it took 3.3–4.0 ms against 0.86 ms compacted
-- (issue 21 §3, README). Half of each page left free keeps a row's next version on its own page,
-- where pruning reclaims the old one. Existing pages keep their fill until rewritten (VACUUM FULL).
ALTER TABLE "counters" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "installment_day_counts" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "ledger_association_totals" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "ledger_subscription_totals" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "ledger_month_totals" SET (fillfactor = 50);
