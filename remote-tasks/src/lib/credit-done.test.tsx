import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditDone, FOLLOW_UP_GUARD_MS } from './credit-done.ui';

describe('CreditDone', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores taps on what replaced the Collect button until a double tap is over', () => {
    const onClick = vi.fn();
    render(
      <CreditDone credit={{ reward: 2_00, balance: 102_00 }}>
        <button type="button" onClick={onClick}>
          Back to tasks
        </button>
      </CreditDone>,
    );
    const button = screen.getByRole('button', { name: 'Back to tasks', hidden: true });
    expect(button.closest('[inert]')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(FOLLOW_UP_GUARD_MS);
    });
    expect(button.closest('[inert]')).toBeNull();
    button.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
