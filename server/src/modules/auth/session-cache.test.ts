import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const far = new Date(Date.now() + 86_400_000);

describe('SessionCache', () => {
  it('keeps a live session for its time to live, then asks again', () => {
    const cache = new SessionCache(1_000);
    cache.remember('h1', { userId: 1, sessionId: 10, role: 'earner', currency: 'INR' }, far, 0);
    expect(cache.get('h1', 999)).toEqual({ userId: 1, sessionId: 10, role: 'earner', currency: 'INR' });
    expect(cache.get('h1', 1_000)).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    const cache = new SessionCache(10_000);
    cache.remember('h1', { userId: 1, sessionId: 10, role: 'earner', currency: 'INR' }, new Date(500), 0);
    expect(cache.get('h1', 499)).toBeDefined();
    expect(cache.get('h1', 500)).toBeUndefined();
  });

  it('forgets one session, or every session of an earner', () => {
    const cache = new SessionCache(10_000);
    cache.remember('a', { userId: 1, sessionId: 10, role: 'earner', currency: 'INR' }, far, 0);
    cache.remember('b', { userId: 1, sessionId: 11, role: 'earner', currency: 'INR' }, far, 0);
    cache.remember('c', { userId: 2, sessionId: 20, role: 'earner', currency: 'INR' }, far, 0);
    cache.forgetSession(10);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.forgetUser(1);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('stays bounded, dropping the oldest entry first', () => {
    const cache = new SessionCache(10_000, 2);
    cache.remember('a', { userId: 1, sessionId: 1, role: 'earner', currency: 'INR' }, far, 0);
    cache.remember('b', { userId: 2, sessionId: 2, role: 'earner', currency: 'INR' }, far, 0);
    cache.remember('c', { userId: 3, sessionId: 3, role: 'earner', currency: 'INR' }, far, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('remembers nothing when turned off', () => {
    const cache = new SessionCache(0);
    cache.remember('a', { userId: 1, sessionId: 1, role: 'earner', currency: 'INR' }, far, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
