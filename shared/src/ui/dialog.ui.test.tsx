import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmDialog, DialogHost } from './dialog.ui';
import { Z_INDEX_POPUP } from './layers';

function Opener({ onResult }: { onResult: (ok: boolean) => void }) {
  return (
    <button type="button" onClick={() => confirmDialog({ title: 'Delete account?', message: 'It cannot be undone.', confirmLabel: 'Delete' }).then(onResult)}>
      open
    </button>
  );
}

describe('confirmDialog', () => {
  it('is a labelled modal that takes focus, cancels on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const results: boolean[] = [];
    render(
      <>
        <Opener onResult={(ok) => results.push(ok)} />
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete account?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.parentElement?.style.zIndex).toBe(String(Z_INDEX_POPUP));
    expect(screen.getByText('It cannot be undone.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(results).toEqual([false]);
    expect(document.activeElement).toBe(opener);
  });

  it('resolves true on confirm and keeps Tab inside', async () => {
    const user = userEvent.setup();
    let result: boolean | undefined;
    render(<DialogHost />);
    act(() => {
      confirmDialog({ title: 'Switch language?', message: 'Your currency differs.' }).then((ok) => {
        result = ok;
      });
    });
    const dialog = await screen.findByRole('dialog');
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'common.confirm' }));
    expect(result).toBe(true);
  });
});
