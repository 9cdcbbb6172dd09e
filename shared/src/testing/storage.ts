// Stand-ins for the browser's storage in unit tests of code that keeps keys in it: one that holds
// what it is given, and one that refuses every call, as a browser blocking storage does.

export interface MemoryStorage {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
  /** What the storage holds, to read or plant values in directly. */
  items: Map<string, string>;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
}

export function blockedStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const refuse = (): never => {
    throw new Error('SecurityError: storage is blocked');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}
