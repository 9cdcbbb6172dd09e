// @vitest-environment happy-dom
import type { OperatorRole } from '@grab/shared/contracts';
import { type AuthProvider, useGetIdentity } from '@refinedev/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Operator } from '../api/auth-provider';
import { EarnerRef } from './phone';
import { renderInConsole } from '../testing/console';

afterEach(cleanup);

/** Who the console says is signed in, once it knows: the reference is drawn for that role. */
function SignedIn() {
  const { data } = useGetIdentity<Operator>();
  return data ? <p>signed in as {data.role}</p> : null;
}

function renderAs(role: OperatorRole) {
  const operator: Operator = { userId: 1, role, phone: '+919000000001' };
  const auth: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    getIdentity: async () => operator,
    onError: async () => ({}),
  };
  return renderInConsole(
    <>
      <SignedIn />
      <p data-testid="ref">
        <EarnerRef phone="+919876543210" id={4321} />
      </p>
    </>,
    { authProvider: auth },
  );
}

describe('EarnerRef', () => {
  it("links an admin to the earner's profile on the Earners screen", async () => {
    renderAs('admin');
    const link = await screen.findByRole('link', { name: '+91 98765 43210 (#4321)' });
    expect(link.getAttribute('href')).toBe('#/earners?earner=4321');
  });

  it.each(['reviewer', 'payout'] as const)('stays text for a %s, whom the Earners screen refuses', async (role) => {
    renderAs(role);
    await screen.findByText(`signed in as ${role}`);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('ref').textContent).toBe('+91 98765 43210 (#4321)');
  });
});
