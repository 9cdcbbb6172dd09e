import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatPhoneInternational } from '../phone/phone';
import { usePhoneForReading } from './phone-for-reading';

vi.mock('../phone/phone', async (original) => {
  const phone = await original<typeof import('../phone/phone')>();
  return { ...phone, formatPhoneInternational: vi.fn(phone.formatPhoneInternational) };
});

describe('usePhoneForReading', () => {
  it('shows the stored number at once, then grouped as its country writes it', async () => {
    const { result } = renderHook(() => usePhoneForReading('+919876543210'));
    expect(result.current).toBe('+919876543210');
    await waitFor(() => expect(result.current).toBe('+91 98765 43210'));
  });

  it('leaves a masked number as it is and never asks the phone library for it', async () => {
    // The masked number is rendered first: had it gone to the library, its answer would come first too.
    const { result } = renderHook(() => [usePhoneForReading('+91 97•••••412'), usePhoneForReading('+919876543210')]);
    await waitFor(() => expect(result.current[1]).toBe('+91 98765 43210'));
    expect(result.current[0]).toBe('+91 97•••••412');
    expect(vi.mocked(formatPhoneInternational).mock.calls.map(([number]) => number)).not.toContain('+91 97•••••412');
  });
});
