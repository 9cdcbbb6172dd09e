import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names';

describe('names for the statements sent to PostgreSQL', () => {
  it('gives each text one name, always the same, and no name past `max` texts', () => {
    const names = new StatementNames(2);
    expect(names.of('select 1')).toBe('grab_0');
    expect(names.of('select 2')).toBe('grab_1');
    expect(names.of('select 1')).toBe('grab_0');
    expect(names.of('select 3')).toBeUndefined();
    expect(names.of('select 2')).toBe('grab_1');
  });

  it('names a config object without a name, and leaves every other call as it came', () => {
    const names = new StatementNames(1);
    const types = { getTypeParser: () => (value: string) => value };
    const values = [1];
    const callback = () => {};
    expect(names.named([{ text: 'select $1', rowMode: 'array', types }, values, callback])).toEqual([
      { text: 'select $1', rowMode: 'array', types, name: 'grab_0' },
      values,
      callback,
    ]);
    const plain: unknown[] = ['select $1', values];
    expect(names.named(plain)).toBe(plain);
    const alreadyNamed: unknown[] = [{ text: 'select 2', name: 'mine' }];
    expect(names.named(alreadyNamed)).toBe(alreadyNamed);
    // Past max: unnamed, as before.
    const other: unknown[] = [{ text: 'select 3' }];
    expect(names.named(other)).toBe(other);
  });
});
