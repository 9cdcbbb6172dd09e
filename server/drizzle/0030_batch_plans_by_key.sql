-- 0028 keeps one plan per connection for each statement of the batch functions, made at the
-- connection's first call. A plan made while a table was small reads it whole, and keeps doing so
-- once the table has grown, until an ANALYZE of that table makes PostgreSQL plan again. 0029 took
-- one such statement away; three more remained over `users` (the team's row locks, the inviters'
-- progress and the levels' update, each finding a few ids of the batch in the table). Autovacuum's
-- ANALYZE catches up with a table's growth in most deployments, but not where it is off, nor in
-- the minutes after a new deployment's first earners arrive.
--
-- Every statement of these functions reaches its rows through the batch's arrays and a primary or
-- unique key, so a plan that scans a table is never the plan wanted, however small the table looked
-- when it was made. Turning scans off for their duration (a function's SET holds for what it calls
-- too, and is undone when it returns) makes every plan use the keys, whatever the statistics said.
-- test/reviews-batch.test.ts holds it: planned on twenty users, a batch after the table has grown to
-- 3,000 must read fewer than 100 of its rows by a scan.
ALTER FUNCTION ledger_pass_submissions(integer[], integer[], text[], timestamptz[]) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION ledger_pass_submissions_in_order(integer[], integer[], text[], timestamptz[]) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION ledger_pass_team_locks(integer[]) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION ledger_credit_many(text, text, integer[], bigint[], text[]) SET enable_seqscan = off;
