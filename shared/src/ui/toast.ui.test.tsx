import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, Toaster, toast } from './toast.ui';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('shows in a live region and closes itself after 3000 ms', () => {
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      toast.success('Copy success');
    });
    expect(screen.getByText('Copy success')).toBeTruthy();
    expect(TOAST_DURATION_MS).toBe(3000);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Copy success')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copy success')).toBeNull();
  });

  it('marks errors as alerts in the danger tone and honours a custom duration', () => {
    render(<Toaster />);
    act(() => {
      toast.danger('Insufficient balance', { duration: 500 });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Insufficient balance');
    expect(alert.getAttribute('data-tone')).toBe('danger');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
