import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appInfo } from '../contracts/messaging.contracts';
import { taskList } from '../contracts/task.contracts';
import { type Callers, useCallWith } from './use-call';

function Probe({ callers, endpoint, onReload }: { callers: Callers; endpoint: typeof taskList | typeof appInfo; onReload: (reload: () => void) => void }) {
  const { data, error, loading, reload } = useCallWith(callers, endpoint, {});
  onReload(reload);
  return <p>{loading ? 'loading' : error ? 'failed' : JSON.stringify(data)}</p>;
}

function Keeper({ callers, onReload }: { callers: Callers; onReload: (reload: () => void) => void }) {
  const { data, loading, reload } = useCallWith(callers, taskList, {});
  onReload(reload);
  return <p>{`${JSON.stringify(data)} ${loading ? 'loading' : 'idle'}`}</p>;
}

describe('useCall', () => {
  it('goes loading → data, and loading → error → data again on reload', async () => {
    const callMain = vi.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce([]);
    const callers: Callers = { callMain, callMessaging: vi.fn() };
    let reload: () => void = () => undefined;
    render(<Probe callers={callers} endpoint={taskList} onReload={(r) => (reload = r)} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('failed')).toBeTruthy();
    act(() => reload());
    expect(await screen.findByText('[]')).toBeTruthy();
    expect(callMain).toHaveBeenCalledTimes(2);
  });

  it('keeps the last data while it reloads', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const callMain = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    let reload: () => void = () => undefined;
    render(<Keeper callers={{ callMain, callMessaging: vi.fn() }} onReload={(r) => (reload = r)} />);
    expect(await screen.findByText('[] idle')).toBeTruthy();
    act(() => reload());
    expect(screen.getByText('[] loading')).toBeTruthy();
    await act(async () => finish([{ id: 1 }]));
    expect(screen.getByText('[{"id":1}] idle')).toBeTruthy();
  });

  it('routes messaging endpoints to the messaging client and treats a rejection as an error', async () => {
    const callMessaging = vi.fn().mockRejectedValue(new Error('offline'));
    const callers: Callers = { callMain: vi.fn(), callMessaging };
    render(<Probe callers={callers} endpoint={appInfo} onReload={() => undefined} />);
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(callMessaging).toHaveBeenCalledWith(appInfo, {});
    expect(callers.callMain).not.toHaveBeenCalled();
  });
});
