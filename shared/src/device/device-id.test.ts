import { describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY, deviceId } from './device-id';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('deviceId', () => {
  it('makes one id per browser and keeps it', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId(storage)).toBe(first);
    expect(storage.data.get(DEVICE_ID_KEY)).toBe(first);
  });

  it('replaces a value that is not an id', () => {
    const storage = memoryStorage({ [DEVICE_ID_KEY]: '<script>' });
    expect(deviceId(storage, () => 'a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('still answers when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(deviceId(blocked, () => 'b'.repeat(20))).toBe('b'.repeat(20));
  });
});
