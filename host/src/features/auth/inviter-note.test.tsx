import { queryClient } from '@grab/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/test-utils';
import { RegisterPage } from './register.page';

let asked: string[];

function answerInviter(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  queryClient.clear();
  asked = [];
});

describe('register page: who invites', () => {
  it('names the inviter of the share link, masked, with their level', async () => {
    answerInviter({ maskedPhone: '+91 ••••••3210', level: 4 });
    localStorage.setItem('shareCode', 'K7Q2MZ');
    await renderApp(<RegisterPage />, '/register?shareCode=K7Q2MZ');
    expect((await screen.findByTestId('inviter')).textContent).toBe('Invited by+91 ••••••3210LV4');
    expect(asked).toEqual(['/public/user/inviter?shareCode=K7Q2MZ']);
  });

  it('stops naming them once another code is typed', async () => {
    answerInviter({ maskedPhone: '+91 ••••••3210', level: 4 });
    localStorage.setItem('shareCode', 'K7Q2MZ');
    await renderApp(<RegisterPage />, '/register');
    await screen.findByTestId('inviter');
    const code = screen.getByLabelText('Invitation code', { selector: 'input' });
    await userEvent.clear(code);
    await userEvent.type(code, 'OTHER1');
    expect(screen.queryByTestId('inviter')).toBeNull();
  });

  it('shows nothing for a code that names nobody, and asks nothing without a code', async () => {
    answerInviter(null);
    localStorage.setItem('shareCode', 'NOBODY');
    const { unmount } = await renderApp(<RegisterPage />, '/register');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByTestId('inviter')).toBeNull();
    unmount();
    localStorage.clear();
    asked = [];
    await renderApp(<RegisterPage />, '/register');
    await screen.findByRole('button', { name: 'Register' });
    expect(asked).toEqual([]);
  });
});
