import { vi } from 'vitest';

/** A person of the team as the server shows them. */
export const INVITER = { maskedPhone: '+91 ••••••3210', level: 3 };

export const SHARE = {
  inviteCode: 'K7Q2MZ',
  shareLink: 'https://earn.grab-rewards.example.com/register?shareCode=K7Q2MZ',
  totalInvites: 1234,
  directInvites: 12,
  countsByDepth: [12, 40, 300, 500, 382],
  inviter: INVITER,
  level: 2,
  totalBonus: 456700,
  todayBonus: 1250,
  yesterdayBonus: 900,
  directBonus: 300000,
  heldBonus: 4500,
  rebateBps: [300, 200, 200, 100, 50],
};

const RULES = [0, 50000, 200000, 500000, 1000000, 2000000, 4000000, 8000000, 15000000, 30000000, 60000000].map((points, i) => ({
  level: i + 1,
  minTaskPoints: points,
  minActiveInvitees: [0, 0, 1, 2, 3, 5, 8, 12, 20, 35, 50][i] as number,
  rights: ({ 1: ['levelTasks'], 4: ['serviceGroup'], 5: ['merchant'], 6: [] } as Record<number, string[]>)[i + 1] ?? ['levelTasks'],
}));

export const LEVEL_INFO = {
  level: 2,
  levels: RULES,
  taskPoints: 150000,
  activeInvitees: 0,
  next: RULES[2],
  unseenLevelUp: null as number | null,
};

export function invitee(n: number, extra: object = {}) {
  return { maskedPhone: `+91 ••••••${String(1000 + n)}`, level: 1, joinedAt: '2026-11-20T08:00:00.000Z', bonus: 100 * n, heldBonus: 0, verified: true, ...extra };
}

export function envelope(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, data, msg }), { status: code === 200 ? 200 : 400, headers: { 'content-type': 'application/json' } });
}

export interface Routes {
  [path: string]: (query: URLSearchParams, init: RequestInit | undefined) => Response;
}

/** Answers the team's calls by path, like the server would; records every call. */
export function stubTeamApi(routes: Routes) {
  const calls: { path: string; query: URLSearchParams; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ path: url.pathname, query: url.searchParams, init });
    const route = routes[url.pathname];
    return route ? route(url.searchParams, init) : new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
