import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../phone/phone', async (original) => {
  loaded.count += 1;
  return original();
});

const { usePhoneForReading } = await import('./phone-for-reading');

describe('usePhoneForReading', () => {
  it('leaves a masked number as it is without loading the phone library', async () => {
    const { result } = renderHook(() => usePhoneForReading('+91 97•••••412'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe('+91 97•••••412');
    expect(loaded.count).toBe(0);
  });

  it('shows the stored number at once, then grouped as its country writes it', async () => {
    const { result } = renderHook(() => usePhoneForReading('+919876543210'));
    expect(result.current).toBe('+919876543210');
    await waitFor(() => expect(result.current).toBe('+91 98765 43210'));
    expect(loaded.count).toBe(1);
  });
});
