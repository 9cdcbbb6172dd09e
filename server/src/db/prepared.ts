import type { Executor } from './database';

/**
 * A hot read built once per database handle instead of on every call: drizzle otherwise walks the
 * query builder and renders the same SQL text each time, and on PostgreSQL a named prepared
 * statement is parsed and planned once per connection. `build` must call `.prepare(name)` with a
 * name of its own and take its values as `sql.placeholder`s.
 */
export function preparedQuery<P>(build: (db: Executor) => P): (db: Executor) => P {
  const byHandle = new WeakMap<object, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
