import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '@grab/shared/testing/storage';
import { keepLostTry, readLostTry } from './lost-try.lib';

const TRY = { amount: 100_00, recipientId: 41, key: 'k-1' };

describe('the lost withdrawal try kept in the tab', () => {
  it('is read back by the account that lost it, and by no other', () => {
    const store = memoryStorage();
    keepLostTry(7, TRY, store);
    expect(readLostTry(7, store)).toEqual(TRY);
    expect(readLostTry(8, store)).toBeNull();
    expect(readLostTry(undefined, store)).toBeNull();
  });

  it('is forgotten once a try is answered', () => {
    const store = memoryStorage();
    keepLostTry(7, TRY, store);
    keepLostTry(7, null, store);
    expect(readLostTry(7, store)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('reads anything else kept under its name as nothing', () => {
    const store = memoryStorage();
    for (const kept of ['not json', '"text"', '42', 'null', '{}', JSON.stringify({ userId: 7, amount: 1.5, recipientId: 41, key: 'k' }), JSON.stringify({ userId: 7, amount: 100, recipientId: '41', key: 'k' }), JSON.stringify({ userId: 7, amount: 100, recipientId: 41, key: '' })]) {
      store.items.set('grab.withdrawal.lostTry', kept);
      expect(readLostTry(7, store)).toBeNull();
    }
  });

  it('does without storage when the browser blocks it', () => {
    const blocked = blockedStorage();
    expect(() => keepLostTry(7, TRY, blocked)).not.toThrow();
    expect(readLostTry(7, blocked)).toBeNull();
  });
});
