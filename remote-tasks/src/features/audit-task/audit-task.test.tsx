import { BrowserRouter, initI18n, queryClient, type UploadOptions } from '@grab/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath, detail, run } from '../../../test/task-fixtures';
import { pickFiles, picturesNeeded, submitProblem } from './audit-picker.lib';
import AuditTaskPage from './audit-task.page';

const uploads = vi.hoisted(() => ({
  calls: [] as { file: Blob; options: UploadOptions; resolve: (id: string | null) => void; reject: (error: Error) => void }[],
}));

vi.mock('@grab/shared', async (original) => ({
  ...(await original<typeof import('@grab/shared')>()),
  uploadImage: (file: Blob, options: UploadOptions) =>
    new Promise((resolve, reject) => {
      uploads.calls.push({ file, options, resolve: (id) => resolve(id ? { id, width: 10, height: 10 } : undefined), reject });
    }),
  useAuthorizedImage: (id: string | null) => ({ url: id ? `blob:picture-${id}` : null, state: 'ready' }),
}));

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('audit picker rules', () => {
  it('needs one picture unless the task asks for two', () => {
    expect(picturesNeeded(0)).toBe(1);
    expect(picturesNeeded(1)).toBe(1);
    expect(picturesNeeded(2)).toBe(2);
  });

  it('takes no more pictures than needed and says so', () => {
    expect(pickFiles(0, [png('a'), png('b'), png('c')], 2)).toMatchObject({ take: [{ name: 'a' }, { name: 'b' }], problem: 'tooMany' });
    expect(pickFiles(1, [png('b')], 1)).toEqual({ take: [], problem: 'tooMany' });
    expect(pickFiles(1, [png('b')], 2)).toMatchObject({ take: [{ name: 'b' }], problem: null });
  });

  it('leaves out files that are not JPEG, PNG or WebP', () => {
    const gif = new File(['x'], 'a.gif', { type: 'image/gif' });
    expect(pickFiles(0, [gif, png('b')], 2)).toMatchObject({ take: [{ name: 'b' }], problem: 'badType' });
  });

  it('names what is missing before a submit', () => {
    const done = { status: 'done' as const };
    expect(submitProblem([], 1)).toBe('needOne');
    expect(submitProblem([done], 2)).toBe('needTwo');
    expect(submitProblem([done, done, done], 2)).toBe('tooMany');
    expect(submitProblem([done, { status: 'uploading' }], 2)).toBe('uploading');
    expect(submitProblem([done, { status: 'failed' }], 2)).toBe('uploadFailed');
    expect(submitProblem([done, done], 2)).toBeNull();
  });
});

let fetchMock: ReturnType<typeof vi.fn>;
const ID_A = 'a'.repeat(32);
const ID_B = 'b'.repeat(32);
const HISTORY = {
  list: [
    { id: 5, taskId: 1, taskTitle: 'Review', status: 'failed', reason: 'Wrong shop', pictures: [ID_A], reward: 1500, createdAt: '2026-03-01T10:00:00Z', reviewedAt: null },
  ],
  hasMore: false,
};

function renderPage() {
  window.history.pushState({}, '', '/auditTask?taskType=audit&taskId=1&id=12');
  return render(
    <BrowserRouter>
      <AuditTaskPage />
    </BrowserRouter>,
  );
}

/** Answers by address, so the page's calls may come in any order. */
function serve(routes: Record<string, unknown[]>) {
  fetchMock.mockImplementation(answerByPath(routes));
}

const submitted = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/app/task/leading-task') as [string, RequestInit][];
const here = () => `${window.location.pathname}${window.location.search}`;

describe('AuditTaskPage', () => {
  beforeEach(async () => {
    uploads.calls = [];
    queryClient.clear();
    localStorage.setItem('token', 'tok');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await initI18n();
  });

  it('uploads two pictures with progress, refuses too few, submits their ids and goes back to the hall', async () => {
    const inProgress = detail({ status: 'inProgress', proofPictures: 2, run: run({ currentStepId: 12 }) });
    const reviewing = detail({ status: 'underReview', proofPictures: 2, run: run({ status: 'underReview', currentStepId: null }) });
    serve({
      '/app/task/detail': [inProgress, reviewing],
      '/app/task/audit-log': [{ list: [], hasMore: false }, HISTORY],
      '/app/task/leading-task': [{ next: null, run: run({ status: 'underReview', currentStepId: null }) }],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Add two pictures' })).toBeTruthy();
    expect(await screen.findByText('No submissions yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please upload two pictures.');

    const chooser = screen.getByLabelText('Choose pictures') as HTMLInputElement;
    expect(chooser.multiple).toBe(true);
    expect(chooser.accept).toBe('image/jpeg,image/png,image/webp');
    expect((screen.getByLabelText('Take a photo') as HTMLInputElement).getAttribute('capture')).toBe('environment');
    await userEvent.upload(chooser, [png('one.png'), png('two.png')]);
    expect(uploads.calls).toHaveLength(2);

    act(() => uploads.calls[0]?.options.onProgress?.(0.4));
    const first = screen.getByRole('progressbar', { name: 'Upload of Picture 1' });
    expect(first.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getAllByText('Uploading… 40%')).toHaveLength(1);
    expect((first.firstElementChild as HTMLElement).style.inlineSize).toBe('40%');
    // Every byte sent, but the server has not answered yet: the full bar says what it waits for.
    act(() => uploads.calls[0]?.options.onProgress?.(1));
    expect(first.getAttribute('aria-valuenow')).toBe('100');
    expect(first.getAttribute('aria-valuetext')).toBe('Processing…');
    expect(screen.getAllByText('Processing…')).toHaveLength(1);
    expect(screen.queryByText(/Uploading… 100/)).toBeNull();

    await act(async () => {
      uploads.calls[0]?.resolve(ID_A);
      uploads.calls[1]?.resolve(ID_B);
    });
    expect(first.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    expect(screen.queryByLabelText(/^Choose (a picture|pictures)$/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    // SPEC §2: no step after the proof, so the hall of this kind opens, where the task shows as under review.
    await vi.waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/home?taskType=audit'));
    const submit = fetchMock.mock.calls.find(([url]) => String(url) === '/app/task/leading-task') as [string, RequestInit];
    expect(JSON.parse(String(submit[1].body))).toEqual({ taskId: 1, stepId: 12, pictures: [ID_A, ID_B] });
  });

  it("shows the earner's invitation link above the picker of a task that asks to post it: Copy copies the whole link, Share opens the sheet", async () => {
    const link = 'https://earn.grab-rewards.example.com/register?shareCode=K7Q2MZ';
    serve({ '/app/task/detail': [detail({ status: 'inProgress', inviteLink: link, run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      renderPage();
      const card = await screen.findByRole('region', { name: 'Your invitation link' });
      // Short on screen, the code at its end; the whole link is what is copied and shared.
      expect(card.querySelector('[dir="ltr"]')?.textContent).toBe('earn.grab-rewards.example.com/…K7Q2MZ');
      await userEvent.click(screen.getByRole('button', { name: 'Copy invitation link' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Copy invitation link' }).textContent).toBe('Copied'));
      await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
      expect(share).toHaveBeenCalledWith({ url: link, text: 'Join me on Grab and earn points with small tasks.' });
      // Above the picker: copied first, then the screenshot of the post uploaded.
      const picker = screen.getByLabelText('Choose a picture');
      expect(card.compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('offers no Share where the browser has no share sheet, and no link on a task that does not ask to post one', async () => {
    serve({ '/app/task/detail': [detail({ status: 'inProgress', inviteLink: 'https://g.example/register?shareCode=K7', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    const { unmount } = renderPage();
    expect(await screen.findByRole('button', { name: 'Copy invitation link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share link' })).toBeNull();
    unmount();
    queryClient.clear();
    serve({ '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    renderPage();
    expect(await screen.findByLabelText('Choose a picture')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your invitation link' })).toBeNull();
  });

  it('Submit tapped while the last upload is finishing waits for it, says so, then sends', async () => {
    serve({
      '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) }), detail({ status: 'underReview', run: run({ status: 'underReview', currentStepId: null }) })],
      '/app/task/audit-log': [{ list: [], hasMore: false }],
      '/app/task/leading-task': [{ next: null, run: run({ status: 'underReview', currentStepId: null }) }],
    });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Choose a picture'), png('proof.png'));
    act(() => uploads.calls[0]?.options.onProgress?.(1));

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The button says what happens instead of a message that the picture would soon contradict.
    const waiting = screen.getByRole('button', { name: 'Sending when the upload finishes…' });
    expect(waiting.getAttribute('aria-busy')).toBe('true');
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitted()).toHaveLength(0);

    await act(async () => uploads.calls[0]?.resolve(ID_A));
    await vi.waitFor(() => expect(here()).toBe('/home?taskType=audit'));
    expect(submitted()).toHaveLength(1);
    expect(JSON.parse(String(submitted()[0]?.[1].body))).toEqual({ taskId: 1, stepId: 12, pictures: [ID_A] });
    expect(screen.queryByText('Please wait until the pictures are uploaded.')).toBeNull();
  });

  it('Submit waiting for an upload that then fails sends nothing and says which picture to fix', async () => {
    serve({ '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Choose a picture'), png('proof.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Sending when the upload finishes…' })).toBeTruthy();

    await act(async () => uploads.calls[0]?.resolve(null));
    expect(screen.getByText('Upload failed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('A picture did not upload. Try it again or remove it.');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(submitted()).toHaveLength(0);
  });

  it('removes a picture, and offers a retry for a failed upload', async () => {
    serve({ '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Choose a picture'), png('one.png'));
    await act(async () => uploads.calls[0]?.resolve(null));
    expect(screen.getByText('Upload failed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(uploads.calls).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(uploads.calls[1]?.options.signal?.aborted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please upload the screenshot.');
  });

  it('shows a failed review with its reason and the picker to upload again', async () => {
    serve({
      '/app/task/detail': [detail({ status: 'failed', run: run({ status: 'failed', currentStepId: 12, reason: 'Wrong shop' }) })],
      '/app/task/audit-log': [HISTORY],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Review failed' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeTruthy();
    // Said once, in the status; the history's newest (failed) submission does not repeat it.
    expect(screen.getAllByText('Reason: Wrong shop')).toHaveLength(1);
    expect(screen.getByLabelText('Choose a picture')).toBeTruthy();
  });

  it('names what each of two pictures shows and how long a review takes', async () => {
    serve({
      '/app/task/detail': [
        detail({ status: 'inProgress', proofPictures: 2, pictureLabels: ['Your review', 'The app page'], reviewMinutes: 2880, run: run({ currentStepId: 12 }) }),
      ],
      '/app/task/audit-log': [{ list: [], hasMore: false }],
    });
    renderPage();
    expect(await screen.findByText('Reviews are decided within 2 days.')).toBeTruthy();
    expect(screen.getByText('Your review')).toBeTruthy();
    expect(screen.getByText('The app page')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Choose pictures'), [png('one.png')]);
    const first = screen.getByRole('progressbar', { name: 'Upload of Picture 1' }).closest('li') as HTMLElement;
    expect(first.textContent).toContain('Your review');
    // One picture still wanted: the chooser now takes one file and says so.
    const second = screen.getByLabelText('Choose a picture') as HTMLInputElement;
    expect(second.multiple).toBe(false);
    expect(screen.queryByLabelText('Choose pictures')).toBeNull();
  });

  it('a refused file says why, with no broken preview and no Try again', async () => {
    serve({ '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Choose a picture'), png('notes.png'));
    await act(async () => uploads.calls[0]?.reject(Object.assign(new Error('Please choose a JPEG, PNG or WebP picture'), { name: 'Refused' })));
    expect(screen.getByRole('alert').textContent).toBe('Please choose a JPEG, PNG or WebP picture');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(document.querySelector('li img')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('A picture cannot be used. Remove it and choose another.');
    await userEvent.click(screen.getByRole('button', { name: /^Remove and choose another/ }));

    await userEvent.upload(screen.getByLabelText('Choose a picture'), png('huge.png'));
    await act(async () => uploads.calls[1]?.reject(Object.assign(new Error('too big'), { name: 'UploadTooLarge' })));
    expect(screen.getByRole('alert').textContent).toBe('This picture is larger than 10 MB. Choose a smaller one.');
  });

  it('a preview the phone cannot draw becomes a plain tile, not a broken image', async () => {
    serve({ '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })], '/app/task/audit-log': [{ list: [], hasMore: false }] });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Choose a picture'), png('odd.png'));
    const image = screen.getByRole('img', { name: 'Picture 1' });
    expect(image.tagName).toBe('IMG');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('img', { name: 'Picture 1' }).tagName).toBe('SPAN');
  });

  it('offers Collect once the review passed', async () => {
    serve({
      '/app/task/detail': [detail({ status: 'passed', run: run({ status: 'passed', currentStepId: null }) })],
      '/app/task/audit-log': [{ list: [], hasMore: false }],
    });
    renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Collect reward' })).toBeTruthy());
  });
});
