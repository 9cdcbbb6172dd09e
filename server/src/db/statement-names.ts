/**
 * A name for each statement text drizzle sends to PostgreSQL, so that node-postgres prepares a text
 * once per connection and then only binds and executes it: PostgreSQL parses and analyses it once,
 * and plans it once where a plan for any parameters is as good. The first `max` texts get names;
 * any more (lists of a new length, say) go unnamed, as before, so what each connection keeps is
 * bounded. A kept plan is made from the tables as they were; the pool's connections live ten
 * minutes at most (database.ts), and their plans with them.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = 500) {}

  of(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `grab_${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }

  /** `query`'s arguments with the statement named, when it is a config object without a name. */
  named<A extends unknown[]>(args: A): A {
    const [config, ...rest] = args;
    if (!config || typeof config !== 'object' || !('text' in config) || typeof config.text !== 'string' || ('name' in config && config.name)) return args;
    const name = this.of(config.text);
    return (name ? [{ ...config, name }, ...rest] : args) as A;
  }
}
