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

  it('a success clears the failures before it', () => {
    render(<Toaster />);
    act(() => {
      toast.danger('This code has expired');
      toast.success('10 points credited');
    });
    expect(screen.queryByText('This code has expired')).toBeNull();
    expect(screen.getByText('10 points credited')).toBeTruthy();
  });

  it('leaving the page clears its toasts; one raised on the new page stays', () => {
    render(<Toaster />);
    history.replaceState(null, '', '/login');
    act(() => {
      toast.danger('Wrong phone number or password');
    });
    history.replaceState(null, '', '/home');
    act(() => {
      toast.info('Welcome back');
      toast.screenShown('/home');
    });
    expect(screen.queryByText('Wrong phone number or password')).toBeNull();
    expect(screen.getByText('Welcome back')).toBeTruthy();
  });

  it('sits at the bottom, clear of Back at the top', () => {
    render(<Toaster />);
    const region = screen.getByTestId('toaster');
    expect(region.style.insetBlockStart).toBe('');
    expect(region.style.insetBlockEnd).toContain('tab-bar-height');
  });
});
