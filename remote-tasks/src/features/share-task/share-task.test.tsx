import { BrowserRouter, initI18n } from '@grab/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath, detail, envelope, run } from '../../../test/task-fixtures';
import { shareLink } from '../../lib/share-link.lib';
import { VISITS_REFRESH_MS } from '../../lib/share-flow';
import ShareTaskPage from './share-task.page';

describe('shareLink', () => {
  it('uses the share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const copy = vi.fn();
    expect(await shareLink('https://g.example/s/1', 'Task', { share, copy })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ url: 'https://g.example/s/1', text: 'Task' });
    expect(copy).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet', async () => {
    const copy = vi.fn().mockResolvedValue(true);
    expect(await shareLink('https://g.example/s/1', 'Task', { copy })).toBe('copied');
    expect(copy).toHaveBeenCalledWith('https://g.example/s/1');
  });

  it('copies when the sheet cannot open, but not when the earner closed it', async () => {
    const copy = vi.fn().mockResolvedValue(true);
    const refused = vi.fn().mockRejectedValue(new DOMException('no gesture', 'NotAllowedError'));
    expect(await shareLink('u', 't', { share: refused, copy })).toBe('copied');
    const closed = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    copy.mockClear();
    expect(await shareLink('u', 't', { share: closed, copy })).toBe('cancelled');
    expect(copy).not.toHaveBeenCalled();
  });

  it('reports a copy that failed', async () => {
    expect(await shareLink('u', 't', { copy: vi.fn().mockResolvedValue(false) })).toBe('failed');
  });
});

let fetchMock: ReturnType<typeof vi.fn>;
const SHARE = { linkId: 'abc123XYZ', url: 'https://grab.example/register?link_id=abc123XYZ', visits: 1, visitsNeeded: 3 };
const sharing = (visits: number) => detail({ kind: 'share', status: 'inProgress', run: run({ currentStepId: 21, share: { ...SHARE, visits } }) });

function renderPage() {
  window.history.pushState({}, '', '/shareTask?taskType=share&taskId=1&id=21');
  return render(
    <BrowserRouter>
      <ShareTaskPage />
    </BrowserRouter>,
  );
}

describe('ShareTaskPage', () => {
  beforeEach(async () => {
    localStorage.setItem('token', 'tok');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the link and the visits, and asks again every 15 s while visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fetchMock.mockResolvedValueOnce(envelope(sharing(1))).mockResolvedValueOnce(envelope(sharing(2)));
    renderPage();
    expect(((await screen.findByLabelText('Your share link')) as HTMLInputElement).value).toBe(SHARE.url);
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.getByText('2 more visits needed. This page updates on its own.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collect reward' })).toBeNull();
    // The refresh is armed by an effect after the render: on a busy machine that can come later.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(VISITS_REFRESH_MS));
    expect(await screen.findByText('2 of 3')).toBeTruthy();
    expect(screen.getByText('1 more visit needed. This page updates on its own.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('copies the link when the browser has no share sheet', async () => {
    fetchMock.mockResolvedValueOnce(envelope(sharing(1)));
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SHARE.url));
  });

  it('collects in one tap once enough visits came: the step is finished and the reward credited', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [sharing(3), detail({ kind: 'share', status: 'completed', run: run({ status: 'completed', currentStepId: null }) })],
        '/app/task/leading-task': [{ next: null, run: run({ status: 'passed', currentStepId: null }) }],
        '/app/task/collect': [{ reward: 250, balance: 10250 }],
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Collect reward' }));
    expect(await screen.findByRole('heading', { name: '2.5\u00a0points credited' })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), (init as RequestInit | undefined)?.body] as const);
    const step = calls.find(([url]) => url === '/app/task/leading-task');
    expect(JSON.parse(String(step?.[1]))).toEqual({ taskId: 1, stepId: 21 });
    expect(calls.some(([url]) => url === '/app/task/collect?taskId=1')).toBe(true);
    // The task is asked again at once (it is completed now), and that does not take the confirmation away.
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/app/task/detail')).length).toBe(2));
    expect(screen.getByRole('heading', { name: '2.5\u00a0points credited' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toBeTruthy();
  });
});
