import { describe, expect, it, vi } from 'vitest';
import { REPORTED_KEY, reportVisit, VISITOR_KEY, type VisitDeps } from './visit-report';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

function deps(storage: VisitDeps['storage'] = memoryStorage()) {
  const send = vi.fn<VisitDeps['send']>().mockResolvedValue(true);
  return { storage, send, randomId: () => 'a'.repeat(32) };
}

describe('reportVisit', () => {
  it('reports a link id once per browser, with one visitor id kept for every link', async () => {
    const storage = memoryStorage();
    const d = deps(storage);
    await reportVisit('campaign-1', d);
    await reportVisit('campaign-1', d);
    await reportVisit('campaign-2', d);
    expect(d.send.mock.calls.map((call) => call[0])).toEqual([
      { linkId: 'campaign-1', visitorId: 'a'.repeat(32) },
      { linkId: 'campaign-2', visitorId: 'a'.repeat(32) },
    ]);
    expect(storage.map.get(VISITOR_KEY)).toBe('a'.repeat(32));
    expect(storage.map.get(REPORTED_KEY)).toBe('campaign-1 campaign-2');
  });

  it('keeps the visitor id it already has', async () => {
    const d = deps(memoryStorage({ [VISITOR_KEY]: 'B'.repeat(20) }));
    await reportVisit('campaign-1', d);
    expect(d.send).toHaveBeenCalledWith({ linkId: 'campaign-1', visitorId: 'B'.repeat(20) });
  });

  it('tries again on the next load when the server did not answer', async () => {
    const d = deps();
    d.send.mockResolvedValueOnce(false);
    await reportVisit('campaign-1', d);
    await reportVisit('campaign-1', d);
    expect(d.send).toHaveBeenCalledTimes(2);
    await reportVisit('campaign-1', d);
    expect(d.send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for a link id the server would refuse', async () => {
    const d = deps();
    await reportVisit('x', d);
    await reportVisit('bad id with spaces', d);
    expect(d.send).not.toHaveBeenCalled();
  });

  it('survives blocked storage', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const d = deps(blocked);
    await expect(reportVisit('campaign-1', d)).resolves.toBeUndefined();
    expect(d.send).toHaveBeenCalledTimes(1);
  });
});
