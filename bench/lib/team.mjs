// Team trees written with SQL for the team benchmarks. Registering tens of thousands of earners
// through the real sign-up (argon2 each) would take minutes and measure the fixture, so the
// benchmarks register a few for real and give the rest the same rows the sign-up would write.
import { psql } from './postgres.mjs';

/** How far the team tree, rebates and rollups reach (TEAM_DEPTH on the server). */
export const TEAM_DEPTH = 5;

/**
 * `up(user_id, ancestor_id, depth)`: the closure that registration would have written for the users
 * matched by `where` (SQL on `users u`), derived from `inviter_id`.
 * @param {string} where
 */
const derivedClosure = (where) => `with recursive up(user_id, ancestor_id, depth) as (
    select u.id, u.inviter_id, 1 from users u where u.inviter_id is not null and (${where})
    union all
    select up.user_id, i.inviter_id, up.depth + 1 from up join users i on i.id = up.ancestor_id
    where i.inviter_id is not null and up.depth < ${TEAM_DEPTH}
  )`;

/**
 * The closure rows (`user_ancestors`) of every user matched by `where` (SQL on `users u`) that has
 * an inviter: the inviter at depth 1 and each of its uplines one deeper, up to TEAM_DEPTH, which is
 * what registration writes, here derived from `inviter_id`. Rows that exist are kept. Returns the
 * number of rows written.
 * @param {string} url
 * @param {string} where
 */
export function insertClosure(url, where) {
  return Number(
    psql(
      url,
      `${derivedClosure(where)}, written as (
         insert into user_ancestors (user_id, ancestor_id, depth)
         select user_id, ancestor_id, depth::smallint from up
         on conflict do nothing returning 1
       )
       select count(*) from written`,
    ),
  );
}

/**
 * Rows where the closure written by the server differs from the one `insertClosure` derives, for
 * the users matched by `where`: zero means the SQL fixture has the shape the sign-up gives.
 * @param {string} url
 * @param {string} where
 */
export function closureDifferences(url, where) {
  return Number(
    psql(
      url,
      `${derivedClosure(where)}, stored as (
         select a.user_id, a.ancestor_id, a.depth::int as depth from user_ancestors a join users u on u.id = a.user_id where ${where}
       )
       select count(*) from ((select * from up except select * from stored) union all (select * from stored except select * from up)) d`,
    ),
  );
}
