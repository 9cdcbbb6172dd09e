import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage } from '../testing/storage';
import { DEVICE_ID_KEY, deviceId } from './device-id';

describe('deviceId', () => {
  it('makes one id per browser and keeps it', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId(storage)).toBe(first);
    expect(storage.items.get(DEVICE_ID_KEY)).toBe(first);
  });

  it('replaces a value that is not an id', () => {
    const storage = memoryStorage({ [DEVICE_ID_KEY]: '<script>' });
    expect(deviceId(storage, () => 'a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('still answers when storage is blocked', () => {
    expect(deviceId(blockedStorage(), () => 'b'.repeat(20))).toBe('b'.repeat(20));
  });
});
