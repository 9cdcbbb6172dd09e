import { describe, expect, it } from 'vitest';
import { applyTitle } from './startup';

describe('applyTitle', () => {
  it('uses the configured title, and Grab when there is none', () => {
    applyTitle({ title: 'Grab Rewards' });
    expect(document.title).toBe('Grab Rewards');
    applyTitle({ title: '   ' });
    expect(document.title).toBe('Grab');
    applyTitle(null);
    expect(document.title).toBe('Grab');
  });
});
