import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '@grab/shared/testing/storage';
import { attemptAnswered, attemptFor } from './redeem-attempt.lib';

describe('redeem attempts', () => {
  it('repeat a try of the same code, however it is typed, until it is answered', () => {
    const store = memoryStorage();
    const first = attemptFor('welcome10', store);
    expect(first).toMatch(/^[a-f0-9]{32}$/);
    expect(attemptFor(' WELCOME10 ', store)).toBe(first);
    expect(attemptFor('OTHER', store)).not.toBe(first);
    attemptAnswered('Welcome10', store);
    expect(attemptFor('WELCOME10', store)).not.toBe(first);
  });

  it('still give a key when storage is blocked', () => {
    const blocked = blockedStorage();
    expect(attemptFor('CODE', blocked)).toMatch(/^[a-f0-9]{32}$/);
    expect(() => attemptAnswered('CODE', blocked)).not.toThrow();
  });
});
