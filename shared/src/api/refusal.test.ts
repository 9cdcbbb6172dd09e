import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/toast.ui';
import { NetworkError, Refused } from './api-client';
import { refusalFor } from './refusal';

afterEach(() => vi.restoreAllMocks());

describe('refusalFor', () => {
  it('gives back what the form names for the code, toasts any other refusal, and leaves a lost call alone', () => {
    const danger = vi.spyOn(toast, 'danger').mockImplementation(() => 0);
    const byCode = { 1104: 'institutionId' } as const;
    expect(refusalFor(new Refused('This bank is not available. Please choose another', 1104), byCode)).toBe('institutionId');
    expect(danger).not.toHaveBeenCalled();
    expect(refusalFor(new Refused('You have reached today\'s withdrawal limit', 1102), byCode)).toBeNull();
    expect(danger).toHaveBeenCalledWith('You have reached today\'s withdrawal limit');
    // The client told the earner about a call that never arrived; a second message would repeat it.
    expect(refusalFor(new NetworkError('No connection'), byCode)).toBeNull();
    expect(danger).toHaveBeenCalledTimes(1);
  });
});
