import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/test-utils';
import { ChangePasswordPage } from './change-password.page';
import { defaultCountry } from './auth-form';
import { LoginPage } from './login.page';
import { RegisterPage } from './register.page';

/** The message tied to a field through aria-describedby. */
function messageOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input, select' });

describe('login form', () => {
  it('shows the SPEC messages inline under empty fields', async () => {
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(field('Phone number').getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(field('Phone number'))).toBe('Please enter phone number');
    expect(messageOf(field('Password'))).toBe('Please enter password');
  });

  it('checks the number against the chosen country', async () => {
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    await userEvent.selectOptions(field('Country'), 'IN');
    await userEvent.type(field('Phone number'), '12345');
    await userEvent.type(field('Password'), 'whatever-long');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(messageOf(field('Phone number'))).toBe('Please enter a valid phone number'));
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows and hides the password', async () => {
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    expect(field('Password').getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('register form', () => {
  it('pre-fills the invitation code saved from a share link', async () => {
    // The page also asks who owns the code (inviter-note.test.tsx): a root code names nobody.
    const answer = new Response(JSON.stringify({ code: 200, data: null, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer));
    localStorage.setItem('shareCode', 'ROOT01');
    await renderApp(<RegisterPage />, '/register');
    expect((field('Invitation code') as HTMLInputElement).value).toBe('ROOT01');
    expect(messageOf(field('Password'))).toBe('8 to 64 characters');
  });

  it('explains the password rule, a mismatch and a missing invitation code', async () => {
    await renderApp(<RegisterPage />, '/register');
    await userEvent.selectOptions(field('Country'), 'IN');
    await userEvent.type(field('Phone number'), '9876543210');
    await userEvent.type(field('Password'), 'short');
    await userEvent.type(field('Repeat password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(field('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(field('Password'))).toBe('8 to 64 characters | Password must be 8 to 64 characters');
    expect(messageOf(field('Repeat password'))).toBe('The two passwords do not match');
    expect(messageOf(field('Invitation code'))).toBe('Please enter invitation code');
    expect(field('Phone number').getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the repeated password', async () => {
    await renderApp(<RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(messageOf(field('Repeat password'))).toBe('Please enter re-password'));
  });
});

describe('change password form', () => {
  it('asks for the old password, the new one and the repeat', async () => {
    await renderApp(<ChangePasswordPage />, '/changePassword');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messageOf(field('Old password'))).toBe('Please enter old password'));
    expect(messageOf(field('New password'))).toBe('8 to 64 characters | Please enter password');
    expect(messageOf(field('Repeat password'))).toBe('Please enter re-password');
  });
});

describe('server refusals about a field', () => {
  const refusal = (code: number, msg: string) =>
    vi.fn().mockResolvedValue(new Response(JSON.stringify({ code, data: null, msg }), { headers: { 'content-type': 'application/json' } }));

  it('a wrong password shows under the password, not in a popup', async () => {
    vi.stubGlobal('fetch', refusal(1002, 'Wrong phone number or password'));
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    await userEvent.selectOptions(field('Country'), 'IN');
    await userEvent.type(field('Phone number'), '9876543210');
    await userEvent.type(field('Password'), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(messageOf(field('Password'))).toBe('Wrong phone number or password'));
  });

  it('a registered number shows under the phone number', async () => {
    vi.stubGlobal('fetch', refusal(1001, 'This phone number is already registered'));
    await renderApp(<RegisterPage />, '/register');
    await userEvent.selectOptions(field('Country'), 'IN');
    await userEvent.type(field('Phone number'), '9876543210');
    await userEvent.type(field('Password'), 'long-enough-1');
    await userEvent.type(field('Repeat password'), 'long-enough-1');
    await userEvent.type(field('Invitation code'), 'ROOT01');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(messageOf(field('Phone number'))).toBe('This phone number is already registered'));
  });

  it('a wrong old password shows under the old password', async () => {
    vi.stubGlobal('fetch', refusal(1004, 'The old password is not correct'));
    await renderApp(<ChangePasswordPage />, '/changePassword');
    await userEvent.type(field('Old password'), 'not-the-old-one');
    await userEvent.type(field('New password'), 'long-enough-2');
    await userEvent.type(field('Repeat password'), 'long-enough-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messageOf(field('Old password'))).toBe('The old password is not correct'));
  });
});

describe('login country and an ended session', () => {
  it('starts from the country of the last login on this phone', async () => {
    localStorage.setItem('lastCountry', 'PK');
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    expect((field('Country') as HTMLSelectElement).value).toBe('PK');
    localStorage.removeItem('lastCountry');
  });

  it("otherwise starts from the phone's region when the phone speaks the app's language (or the app English), else the language's country", () => {
    expect(defaultCountry('en-US', ['en-IN', 'hi-IN'])).toBe('IN');
    expect(defaultCountry('en-US', ['en-GB', 'en-PK'])).toBe('PK');
    // Urdu chosen on a phone set to American English: Urdu's country, not the phone's.
    expect(defaultCountry('ur-PK', ['en-US'])).toBe('PK');
    expect(defaultCountry('br-BR', ['es-MX'])).toBe('MX');
    // English chosen on a phone set to Urdu or Hindi: the phone's country, not the US; another
    // language chosen keeps its own country whatever English the phone is set to.
    expect(defaultCountry('en-US', ['ur-PK'])).toBe('PK');
    expect(defaultCountry('en-US', ['en-GB', 'hi-IN'])).toBe('IN');
    expect(defaultCountry('hi-IN', ['en-US'])).toBe('IN');
    expect(defaultCountry('en-US', ['en-US', 'ur-PK'])).toBe('US');
    // A region the sign-up does not take, or none at all, leaves the language's country.
    expect(defaultCountry('en-US', ['fr-FR'])).toBe('US');
    expect(defaultCountry('en-US', ['en-GB'])).toBe('US');
    expect(defaultCountry('en-US', ['en'])).toBe('US');
    expect(defaultCountry('hi-IND', [])).toBe('ID');
    // The last country used on this phone still comes first.
    localStorage.setItem('lastCountry', 'NG');
    expect(defaultCountry('en-US', ['en-IN'])).toBe('NG');
    localStorage.removeItem('lastCountry');
  });

  it('says the session ended after a 401 reload', async () => {
    sessionStorage.setItem('sessionEnded', '1');
    await renderApp(<LoginPage redirectTarget={() => '/home'} />, '/login');
    expect(screen.getByTestId('session-ended').textContent).toBe('Your session ended, please log in again');
    sessionStorage.clear();
  });
});
