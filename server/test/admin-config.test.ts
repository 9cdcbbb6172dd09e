import { type ConsoleConfig, ErrorCode, type OperatorAction, type Recipient, type WithdrawOptions, type WithdrawOrder } from '@grab/shared/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { submissions } from '../src/db/schema';
import { numberSetting } from '../src/modules/config/operator-settings.repository';
import { LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, orderSettled, registerEarner, registerEarnerOf, testConfig, useTestContext } from './helper';
import { CONSOLE_ROLES, type ConsolePeople, makeConsolePeople } from './console-fixtures';
import { uploadPicture } from './reviews-fixtures';

const ROLES = CONSOLE_ROLES;

describe.each(engines)('the console configuration (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '0' }));
  const people = {} as ConsolePeople;
  let initial: ConsoleConfig;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
    initial = (await get<ConsoleConfig>('/admin/config')).body.data!;
  });

  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const post = <T>(url: string, payload: object, token: string | undefined = people.admin.token, language = 'en-US') =>
    call<T>(ctx.app, { method: 'POST', url, token, payload, headers: { 'accept-language': language } });
  const get = <T>(url: string, token: string | undefined = people.admin.token) => call<T>(ctx.app, { method: 'GET', url, token });
  const audit_ = async (query: string) => (await get<{ list: OperatorAction[] }>(`/admin/audit/list${query}`)).body.data?.list ?? [];
  const usd = () => initial.withdraw.find((w) => w.currency === 'USD')!;

  /** Waits, as the orders page does, until the order is paid or failed. */
  it('shows the configuration the rules are read from', () => {
    expect(initial.currencies.length).toBe(8);
    expect(usd()).toMatchObject({ minAmount: 100, feeBps: 200 });
    expect(initial.levels[0]).toEqual({ level: 1, minTaskPoints: 0, minActiveInvitees: 0 });
    expect(initial.rebates).toEqual([300, 200, 200, 100, 100]);
    expect(initial.draw?.prizes.length).toBeGreaterThanOrEqual(2);
  });

  it('answers admins only, on every configuration call', async () => {
    const calls: [string, object | undefined][] = [
      ['/admin/config', undefined],
      ['/admin/config/currency', { code: 'USD', microsPerPoint: initial.currencies.find((c) => c.code === 'USD')!.microsPerPoint, fractionDigits: 2 }],
      ['/admin/config/withdraw', usd()],
      ['/admin/config/levels', { levels: initial.levels }],
      ['/admin/config/rebates', { rates: initial.rebates }],
      ['/admin/config/draw', { prizes: initial.draw!.prizes, dailySpins: initial.draw!.dailySpins, spinsPerAuditTask: initial.draw!.spinsPerAuditTask }],
      ['/admin/config/settings', initial.settings],
      ['/admin/config/institution', { ...initial.institutions.find((i) => i.country === 'US' && i.method === 'bank')!, recipients: undefined }],
      ['/admin/config/institution/place', { id: initial.institutions.find((i) => i.country === 'US' && i.method === 'bank')!.id, index: 0 }],
    ];
    for (const [url, payload] of calls) {
      for (const role of ROLES) {
        const token = role === 'none' ? undefined : people[role].token;
        const { status, body } = await call(ctx.app, { method: payload ? 'POST' : 'GET', url, token, ...(payload ? { payload } : {}) });
        if (role === 'none') expect([status, body.code], `${url} ${role}`).toEqual([401, 401]);
        else if (role === 'admin') expect([status, body.code], `${url} ${JSON.stringify(body)}`).toEqual([200, 200]);
        else expect([status, body.code], `${url} ${role}`).toEqual([403, 403]);
      }
    }
  });

  it('changes withdrawal presets and fees, seen by the earner and by a withdrawal whose rules this process had cached', async () => {
    // A US number is paid in dollars, the currency whose rules this test changes.
    const earner = await registerEarnerOf(ctx.app, { country: 'US' });
    await postAlone(ctx.db, { userId: earner.userId, amount: 10_000_00, reason: LedgerReason.taskReward, idempotencyKey: `config-test:${earner.userId}` });
    const [bank] = (await get<{ id: number }[]>('/app/pay/institutionList?method=bank', earner.token)).body.data!;
    const recipient = (await post<Recipient>('/app/pay/userRecipientSave', { method: 'bank', institutionId: bank!.id, name: 'Amy K', account: '123456789' }, earner.token)).body.data!;
    // A first withdrawal reads the rules into this process's cache.
    const first = await post<WithdrawOrder>('/app/pay/pay-withdraw', { amount: 100, recipientId: recipient.id, idempotencyKey: `config-first-${earner.userId}-0001` }, earner.token);
    expect(first.body.data).toMatchObject({ fee: 20_00 });
    const changed = await post<ConsoleConfig>('/admin/config/withdraw', { ...usd(), presets: [100, 300], feeBps: 500 });
    expect(changed.body.data?.withdraw.find((w) => w.currency === 'USD')).toMatchObject({ presets: [100, 300], feeBps: 500 });
    const options = (await get<WithdrawOptions>('/app/pay/withdraw-options', earner.token)).body.data!;
    expect(options).toMatchObject({ presets: [100, 300], feeBps: 500 });
    // $3 is 3,000 points; the new 5 % fee is 150 points, not the cached 2 %.
    const second = await post<WithdrawOrder>('/app/pay/pay-withdraw', { amount: 300, recipientId: recipient.id, idempotencyKey: `config-second-${earner.userId}-0001` }, earner.token);
    expect(second.body.data).toMatchObject({ amount: 300, points: 3000_00, fee: 150_00 });
    const [logged] = await audit_('?action=config.withdraw');
    expect(logged).toMatchObject({ targetType: 'config', targetId: 'USD', operatorId: people.admin.userId, before: { presets: usd().presets, feeBps: 200 }, after: { presets: [100, 300], feeBps: 500 } });
    await post('/admin/config/withdraw', usd());
    // The simulator pays both orders; wait for it, so later tests count rows on a still ledger.
    for (const id of [first.body.data!.id, second.body.data!.id]) await orderSettled(ctx.app, earner.token, id);
    // The payout screen's daily totals count both, as money in the currency, with points and fees.
    const totals = (await get<{ list: { currency: string; fractionDigits: number; orders: number; amount: number; points: number; fee: number }[] }>('/admin/payout/daily-totals')).body.data!.list;
    const usdTotals = totals.filter((t) => t.currency === 'USD');
    expect(usdTotals.every((t) => t.fractionDigits === 2)).toBe(true);
    expect(usdTotals.reduce((n, t) => n + t.orders, 0)).toBeGreaterThanOrEqual(2);
    expect(usdTotals.reduce((n, t) => n + t.fee, 0)).toBeGreaterThanOrEqual(170_00);
  });

  it('changes a rate, the levels, the referral rates and the draw prizes, each in the audit log', async () => {
    const rate = await post<ConsoleConfig>('/admin/config/currency', { code: 'USD', microsPerPoint: 2000, fractionDigits: 2 });
    // Every language paid in dollars takes the new rate.
    expect(rate.body.data?.currencies.filter((c) => c.code === 'USD').map((c) => c.microsPerPoint)).toEqual([2000, 2000]);
    const american = await registerEarnerOf(ctx.app, { country: 'US' });
    expect((await get<WithdrawOptions>('/app/pay/withdraw-options', american.token)).body.data?.microsPerPoint).toBe(2000);
    const levels = initial.levels.map((l) => (l.level === 2 ? { ...l, minTaskPoints: l.minTaskPoints + 1_00 } : l));
    expect((await post<ConsoleConfig>('/admin/config/levels', { levels })).body.data?.levels).toEqual(levels);
    expect((await post<ConsoleConfig>('/admin/config/rebates', { rates: [500, 100] })).body.data?.rebates).toEqual([500, 100]);
    const prizes = initial.draw!.prizes.map((p, i) => ({ amount: p.amount + 1, weight: i === 0 ? 0 : p.weight }));
    const draw = await post<ConsoleConfig>('/admin/config/draw', { prizes, dailySpins: 2, spinsPerAuditTask: 1 });
    expect(draw.body.data?.draw).toMatchObject({ prizes, dailySpins: 2, spinsPerAuditTask: 1 });
    expect(draw.body.data!.draw!.version).toBeGreaterThan(initial.draw!.version);
    const actions = (await audit_('?targetType=config')).map((a) => a.action);
    expect(actions.slice(0, 4)).toEqual(['config.draw', 'config.rebates', 'config.levels', 'config.currency']);
    expect((await audit_('?action=config.rebates'))[0]).toMatchObject({ before: [300, 200, 200, 100, 100], after: [500, 100] });
  });

  it('sets the title, pixel, messaging cap and review deadline: the app and new submissions follow at once', async () => {
    expect(initial.settings).toEqual({ title: 'Grab', fbPixelId: null, messagingDailyCap: 4_800_00, reviewDeadlineMinutes: 48 * 60 });
    const settings = { title: 'Grab Rewards', fbPixelId: '123456789012', messagingDailyCap: 1_000_00, reviewDeadlineMinutes: 30 };
    const saved = await post<ConsoleConfig>('/admin/config/settings', settings);
    expect(saved.body.data?.settings).toEqual(settings);
    const common = await post<{ title: string; fbId: string | null }>('/public/commonConfig', {}, undefined);
    expect(common.body.data).toMatchObject({ title: 'Grab Rewards', fbId: '123456789012' });
    expect(await numberSetting(ctx.db, 'messagingDailyCap', 4_800_00)).toBe(1_000_00);
    // A proof sent now waits 30 minutes for a reviewer, not the environment's 48 hours.
    const earner = await registerEarner(ctx.app);
    const hall = (await get<{ id: number; title: string }[]>('/app/task/list', earner.token)).body.data!;
    const audit = hall.find((t) => t.title === 'Follow our official page')!;
    const started = await post<{ id: number; taskBranchList?: unknown }>('/app/task/leading-task', { taskId: audit.id }, earner.token);
    expect(started.body.code).toBe(200);
    const detail = (await get<{ taskBranchList: { id: number; action: string }[] }>(`/app/task/detail?taskId=${audit.id}`, earner.token)).body.data!;
    // The page to follow is opened first, then the proof is sent.
    const open = detail.taskBranchList.find((b) => b.action === 'open')!;
    expect((await post('/app/task/leading-task', { taskId: audit.id, stepId: open.id }, earner.token)).body.code).toBe(200);
    const step = detail.taskBranchList.find((b) => b.action === 'proof')!;
    const picture = await uploadPicture(ctx.app, earner.token);
    const sent = await post('/app/task/leading-task', { taskId: audit.id, stepId: step.id, pictures: [picture] }, earner.token);
    expect(sent.body.code).toBe(200);
    const [submission] = await ctx.db.select().from(submissions).where(eq(submissions.userId, earner.userId));
    expect(submission!.deadlineAt.getTime() - submission!.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(submission!.deadlineAt.getTime() - submission!.createdAt.getTime()).toBeLessThan(31 * 60_000);
    expect((await audit_('?action=config.settings'))[0]).toMatchObject({ before: initial.settings, after: settings });
    await post('/admin/config/settings', initial.settings);
    expect((await post<{ title: string }>('/public/commonConfig', {}, undefined)).body.data?.title).toBe('Grab');
  });

  it('adds, renames and switches off a payout institution: earners\' lists, recipients and withdrawals follow at once, each change in the audit log', async () => {
    const earner = await registerEarnerOf(ctx.app, { country: 'US' });
    await postAlone(ctx.db, { userId: earner.userId, amount: 10_000_00, reason: LedgerReason.taskReward, idempotencyKey: `institution-test:${earner.userId}` });
    const banks = async () => (await get<{ id: number; name: string }[]>('/app/pay/institutionList?method=bank', earner.token)).body.data!.map((b) => b.name);

    const added = (await post<ConsoleConfig>('/admin/config/institution', { id: null, country: 'US', method: 'bank', name: '  Grab  Credit Union ', active: true })).body.data!;
    const row = added.institutions.find((i) => i.name === 'Grab Credit Union')!;
    expect(row).toMatchObject({ country: 'US', method: 'bank', active: true, recipients: 0 });
    // Added at the end of the country's list, where an earner finds it at once.
    expect((await banks()).at(-1)).toBe('Grab Credit Union');
    expect((await audit_('?action=config.institution'))[0]).toMatchObject({ targetId: 'US:bank:new', before: null, after: { id: row.id, name: 'Grab Credit Union', active: true } });

    const saved = (await post<Recipient>('/app/pay/userRecipientSave', { method: 'bank', institutionId: row.id, name: 'Amy K', account: '123456789' }, earner.token)).body.data!;
    expect(saved).toMatchObject({ institutionName: 'Grab Credit Union', available: true });
    const renamed = (await post<ConsoleConfig>('/admin/config/institution', { ...row, recipients: undefined, name: 'Grab Federal Credit Union' })).body.data!;
    expect(renamed.institutions.find((i) => i.id === row.id)).toMatchObject({ name: 'Grab Federal Credit Union', recipients: 1 });
    expect((await get<Recipient>('/app/pay/userRecipient', earner.token)).body.data?.institutionName).toBe('Grab Federal Credit Union');

    // Switched off: gone from the list, the saved recipient says so, and a withdrawal holds nothing.
    await post('/admin/config/institution', { id: row.id, country: 'US', method: 'bank', name: 'Grab Federal Credit Union', active: false });
    expect(await banks()).not.toContain('Grab Federal Credit Union');
    expect((await get<Recipient>('/app/pay/userRecipient', earner.token)).body.data).toMatchObject({ id: saved.id, available: false });
    const rows = await countRows(ctx.db);
    const refused = await post<WithdrawOrder>('/app/pay/pay-withdraw', { amount: 100, recipientId: saved.id, idempotencyKey: `institution-off-${earner.userId}-0001` }, earner.token);
    expect([refused.body.code, refused.body.msg]).toEqual([ErrorCode.institutionUnavailable, 'This bank is not available. Please choose another']);
    const again = await post('/app/pay/userRecipientSave', { method: 'bank', institutionId: row.id, name: 'Amy K', account: '123456789' }, earner.token);
    expect(again.body.code).toBe(ErrorCode.institutionUnavailable);
    expect(await countRows(ctx.db)).toEqual(rows);
    expect((await audit_('?action=config.institution'))[0]).toMatchObject({ targetId: String(row.id), before: { active: true }, after: { active: false } });

    // Two admins adding one name at once: one is added, the other told the name is taken.
    const twice = await Promise.all([1, 2].map(() => post('/admin/config/institution', { id: null, country: 'US', method: 'wallet', name: 'Grab Pay Twice', active: true })));
    expect(twice.map((r) => r.body.code).sort()).toEqual([200, 400]);
    expect((await get<ConsoleConfig>('/admin/config')).body.data!.institutions.filter((i) => i.name === 'Grab Pay Twice')).toHaveLength(1);

    // Every wallet of the country switched off: the earner is no longer offered wallets at all.
    const wallets = (await get<ConsoleConfig>('/admin/config')).body.data!.institutions.filter((i) => i.country === 'US' && i.method === 'wallet' && i.active);
    expect(wallets.length).toBeGreaterThan(1);
    const offered = async () => (await get<WithdrawOptions>('/app/pay/withdraw-options', earner.token)).body.data?.methods;
    expect(await offered()).toEqual(['bank', 'wallet']);
    for (const w of wallets) await post('/admin/config/institution', { ...w, recipients: undefined, active: false });
    expect(await offered()).toEqual(['bank']);
    for (const w of wallets) await post('/admin/config/institution', { ...w, recipients: undefined, active: true });
    expect(await offered()).toEqual(['bank', 'wallet']);

    // Switched on again, the same recipient is paid, under the name it has now.
    await post('/admin/config/institution', { id: row.id, country: 'US', method: 'bank', name: 'Grab Federal Credit Union', active: true });
    const paid = await post<WithdrawOrder>('/app/pay/pay-withdraw', { amount: 100, recipientId: saved.id, idempotencyKey: `institution-on-${earner.userId}-0001` }, earner.token);
    expect(paid.body.data).toMatchObject({ institutionName: 'Grab Federal Credit Union', amount: 100 });
    await orderSettled(ctx.app, earner.token, paid.body.data!.id);
  });

  it("puts a payout institution where an operator places it: the earner's list follows, a move sent twice lands once, each in the audit log", async () => {
    const earner = await registerEarnerOf(ctx.app, { country: 'BD' });
    const wallets = async () => (await get<{ name: string }[]>('/app/pay/institutionList?method=wallet', earner.token)).body.data!.map((w) => w.name);
    const bangladeshWallets = (c: ConsoleConfig) => c.institutions.filter((i) => i.country === 'BD' && i.method === 'wallet');
    const others = (c: ConsoleConfig) => c.institutions.filter((i) => !(i.country === 'BD' && i.method === 'wallet'));
    const before = (await get<ConsoleConfig>('/admin/config')).body.data!;
    const names = bangladeshWallets(before).map((i) => i.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(await wallets()).toEqual(names);

    // The last to the top, sent twice at once as a slow network may: it lands there once.
    const last = bangladeshWallets(before).at(-1)!;
    const twice = await Promise.all([1, 2].map(() => post<ConsoleConfig>('/admin/config/institution/place', { id: last.id, index: 0 })));
    expect(twice.map((r) => r.body.code)).toEqual([200, 200]);
    const moved = [last.name, ...names.slice(0, -1)];
    expect(bangladeshWallets(twice[1]!.body.data!).map((i) => i.name)).toEqual(moved);
    expect(await wallets()).toEqual(moved);
    // One step down, as the console's arrow sends it; then past the end, which is the end.
    await post('/admin/config/institution/place', { id: last.id, index: 1 });
    expect(await wallets()).toEqual([names[0], last.name, ...names.slice(1, -1)]);
    const after = (await post<ConsoleConfig>('/admin/config/institution/place', { id: last.id, index: 999 })).body.data!;
    expect(await wallets()).toEqual(names);
    // No other list moved.
    expect(others(after)).toEqual(others(before));

    const entries = await audit_('?action=config.institution.place');
    expect(entries[0]).toMatchObject({ targetType: 'config', targetId: String(last.id), before: [names[0], last.name, ...names.slice(1, -1)], after: names });
  });

  it('refuses bad input on every form with a message, changing nothing', async () => {
    const rows = await countRows(ctx.db);
    const current = (await get<ConsoleConfig>('/admin/config')).body.data!;
    const w = current.withdraw.find((x) => x.currency === 'USD')!;
    const d = current.draw!;
    const bad: [string, object][] = [
      ['/admin/config/currency', { code: 'EUR', microsPerPoint: 1000, fractionDigits: 2 }],
      ['/admin/config/currency', { code: 'USD', microsPerPoint: 0, fractionDigits: 2 }],
      ['/admin/config/currency', { code: 'USD', microsPerPoint: 1000, fractionDigits: 4 }],
      ['/admin/config/withdraw', { ...w, presets: [] }],
      ['/admin/config/withdraw', { ...w, presets: [300, 100] }],
      ['/admin/config/withdraw', { ...w, presets: [50], minAmount: 100 }],
      ['/admin/config/withdraw', { ...w, feeBps: 5001 }],
      ['/admin/config/withdraw', { ...w, dailyCount: 0 }],
      ['/admin/config/withdraw', { ...w, currency: 'EUR' }],
      ['/admin/config/withdraw', { ...w, minAmount: 1.5 }],
      // Past the integer column: refused as input, not by the database as an error.
      ['/admin/config/withdraw', { ...w, presets: [3_000_000_000], minAmount: 3_000_000_000, dailyAmount: 3_000_000_000 }],
      ['/admin/config/levels', { levels: [] }],
      ['/admin/config/levels', { levels: [{ level: 1, minTaskPoints: 5, minActiveInvitees: 0 }] }],
      ['/admin/config/levels', { levels: [{ level: 1, minTaskPoints: 0, minActiveInvitees: 0 }, { level: 3, minTaskPoints: 1, minActiveInvitees: 0 }] }],
      ['/admin/config/levels', { levels: [{ level: 1, minTaskPoints: 0, minActiveInvitees: 0 }, { level: 2, minTaskPoints: 10, minActiveInvitees: 2 }, { level: 3, minTaskPoints: 5, minActiveInvitees: 2 }] }],
      ['/admin/config/rebates', { rates: [2001] }],
      ['/admin/config/rebates', { rates: [2000, 2000, 2000] }],
      ['/admin/config/rebates', { rates: [100, 100, 100, 100, 100, 100] }],
      ['/admin/config/rebates', { rates: [-1] }],
      ['/admin/config/draw', { ...d, prizes: d.prizes.map((p) => ({ ...p, weight: 0 })) }],
      ['/admin/config/draw', { ...d, prizes: d.prizes.map((p) => ({ ...p, amount: 0 })) }],
      ['/admin/config/draw', { ...d, dailySpins: 101 }],
      ['/admin/config/settings', { ...current.settings, title: '' }],
      ['/admin/config/settings', { ...current.settings, title: 'x'.repeat(41) }],
      ['/admin/config/settings', { ...current.settings, fbPixelId: 'pixel' }],
      ['/admin/config/settings', { ...current.settings, messagingDailyCap: -1 }],
      ['/admin/config/settings', { ...current.settings, reviewDeadlineMinutes: 0 }],
      ['/admin/config/settings', { ...current.settings, reviewDeadlineMinutes: 1.5 }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'bank', name: ' ', active: true }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'bank', name: '\u200b\u200b\u200b', active: true }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'bank', name: 'x'.repeat(61), active: true }],
      ['/admin/config/institution', { id: null, country: 'PK', method: 'upi', name: 'Raast', active: true }],
      ['/admin/config/institution', { id: null, country: 'FR', method: 'bank', name: 'BNP Paribas', active: true }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'cash', name: 'Western Union', active: true }],
      ['/admin/config/institution', { id: 1.5, country: 'US', method: 'bank', name: 'Chase', active: true }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'bank', name: 'Chase Two', active: 'yes' }],
      ['/admin/config/institution', { id: null, country: 'US', method: 'bank', name: 'chase', active: true }],
      ['/admin/config/institution/place', { id: 0, index: 0 }],
      ['/admin/config/institution/place', { id: 'Chase', index: 0 }],
      ['/admin/config/institution/place', { id: 1, index: -1 }],
      ['/admin/config/institution/place', { id: 1, index: 1.5 }],
      ['/admin/config/institution/place', { id: 1, index: 1000 }],
      ['/admin/config/institution/place', { id: 1 }],
    ];
    for (const [url, payload] of bad) {
      const { status, body } = await post(url, payload, people.admin.token, 'ur-PK');
      expect([status, body.code], `${url} ${JSON.stringify(payload)}`).toEqual([400, 400]);
      expect(body.msg.length).toBeGreaterThan(0);
    }
    const fewer = await post('/admin/config/draw', { ...d, prizes: d.prizes.slice(0, 2).concat(d.prizes.length > 2 ? [] : [d.prizes[0]!]) });
    expect([fewer.status, fewer.body.msg]).toEqual([400, 'Give an amount and a weight for each prize of the draw']);
    // A name already in the list, whatever its case; an institution of one country sent as another's.
    const chase = current.institutions.find((i) => i.country === 'US' && i.name === 'Chase')!;
    const taken = await post('/admin/config/institution', { id: null, country: 'US', method: 'bank', name: 'CHASE', active: true });
    expect([taken.status, taken.body.msg]).toEqual([400, "A bank, UPI or wallet of that name is already in this country's list"]);
    const renamedTo = await post('/admin/config/institution', { id: chase.id, country: 'US', method: 'bank', name: 'Wells Fargo', active: true });
    expect(renamedTo.body.code).toBe(400);
    const moved = await post('/admin/config/institution', { id: chase.id, country: 'MX', method: 'bank', name: 'Chase', active: true });
    expect([moved.status, moved.body.code]).toEqual([404, 404]);
    const nowhere = await post('/admin/config/institution/place', { id: 2_000_000_000, index: 0 });
    expect([nowhere.status, nowhere.body.code]).toEqual([404, 404]);
    expect(await countRows(ctx.db)).toEqual(rows);
    expect((await get<ConsoleConfig>('/admin/config')).body.data).toEqual(current);
  });
});
