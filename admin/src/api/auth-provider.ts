import { adminMe, login, type OperatorRole } from '@grab/shared/contracts';
import type { AuthProvider } from '@refinedev/core';
import { call, Refused, session, signOut } from './client';

export interface Operator {
  userId: number;
  role: OperatorRole;
  phone: string;
}

export interface Credentials {
  country: string;
  phone: string;
  password: string;
}

const refusal = (error: unknown) => ({ name: 'Sign-in refused', message: error instanceof Error ? error.message : 'Sign-in failed' });

/**
 * Sign-in is the earner app's login, then the console's role check: a token without an operator
 * role is dropped at once, so an earner's account never holds a console session.
 */
export const authProvider: AuthProvider = {
  login: async ({ country, phone, password }: Credentials) => {
    try {
      const answer = await call(login, { country, phone, password });
      session.set(answer.token);
      await call(adminMe, {});
      return { success: true };
    } catch (error) {
      session.clear();
      if (error instanceof Refused && error.code === 403) return { success: false, error: { name: 'Not an operator', message: 'This account has no operator role.' } };
      return { success: false, error: refusal(error) };
    }
  },
  logout: async () => {
    signOut();
    return { success: true };
  },
  check: async () => {
    if (!session.token()) return { authenticated: false };
    try {
      await call(adminMe, {});
      return { authenticated: true };
    } catch {
      session.clear();
      return { authenticated: false };
    }
  },
  getIdentity: async (): Promise<Operator | null> => (session.token() ? call(adminMe, {}) : null),
  onError: async (error: unknown) => (error instanceof Refused && error.code === 401 ? { logout: true } : {}),
};
