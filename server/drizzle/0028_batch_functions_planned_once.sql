-- The batch functions kept their statements' plans in name only. PL/pgSQL caches each statement's
-- plan per session, but a statement with parameters is planned again for its values ("custom
-- plans") until PostgreSQL judges the plan for any values ("generic") no dearer. These statements
-- join unnest() of the batch's arrays, and a custom plan knows how long the arrays are: for a batch
-- of fewer than ten items (the generic plan's guess) the custom plan always looks cheaper, so every
-- call planned some twenty statements again. Batches of ten and more were not affected.
--
-- Measured with pgbench, one connection, the pass statement at batch sizes 10, 5, 2, 20 and 1 in that
-- order: 2.56, 2.43, 2.23, 3.35 and 0.85 ms a statement before; with every plan generic 2.51, 1.44,
-- 1.12, 3.32 and 0.72 ms. Over HTTP with four reviewers' clients (batches of about two), 1.45x the
-- passes a second and 0.56x PostgreSQL's CPU per pass (bench/README.md, 2026-11-28).
--
-- A function's SET applies to everything it runs, the functions it calls included, and is undone
-- when it returns. The statements of these functions reach their rows through the batch's arrays
-- and primary or unique keys, where a plan for any values is the plan for these values. The
-- withdrawal batch (0026) decides its items one at a time, with statements about one earner;
-- forcing its plans changed nothing measurable, so it is left alone.
--
-- CREATE OR REPLACE FUNCTION drops a SET it does not repeat: test/reviews-batch.test.ts holds it.
ALTER FUNCTION ledger_pass_submissions(integer[], integer[], text[], timestamptz[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_pass_submissions_in_order(integer[], integer[], text[], timestamptz[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_pass_team_locks(integer[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_credit_many(text, text, integer[], bigint[], text[]) SET plan_cache_mode = force_generic_plan;
