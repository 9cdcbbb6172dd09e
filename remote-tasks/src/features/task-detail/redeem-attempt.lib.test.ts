import { describe, expect, it } from 'vitest';
import { attemptAnswered, attemptFor } from './redeem-attempt.lib';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

describe('redeem attempts', () => {
  it('repeat a try of the same code, however it is typed, until it is answered', () => {
    const store = memoryStore();
    const first = attemptFor('welcome10', store);
    expect(first).toMatch(/^[a-f0-9]{32}$/);
    expect(attemptFor(' WELCOME10 ', store)).toBe(first);
    expect(attemptFor('OTHER', store)).not.toBe(first);
    attemptAnswered('Welcome10', store);
    expect(attemptFor('WELCOME10', store)).not.toBe(first);
  });

  it('still give a key when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(attemptFor('CODE', blocked)).toMatch(/^[a-f0-9]{32}$/);
    expect(() => attemptAnswered('CODE', blocked)).not.toThrow();
  });
});
