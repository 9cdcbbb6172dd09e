import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';
import { queryText, WriteClock, writesAffecting, writesOfEveryone } from './write-clock';

/** A wrapped query whose statement finishes when the test calls `release`. */
function heldQuery(clock: WriteClock) {
  let finish: () => void = () => undefined;
  const query = clock.wrapQuery((text: string) => new Promise<string>((resolve) => {
    finish = () => resolve(text);
  }), (args) => queryText(args));
  return { query, release: () => finish() };
}

describe('WriteClock', () => {
  it('moves for every statement but a plain select, before it is sent and when it has finished', async () => {
    const clock = new WriteClock();
    const { query, release } = heldQuery(clock);
    const read = query('select * from users where id = $1');
    release();
    await read;
    expect(clock.epoch).toBe(0);
    const write = query('update balances set balance = 1');
    expect(clock.epoch).toBe(1);
    release();
    await write;
    expect(clock.epoch).toBe(2);
    const locking = query('select balance from balances where user_id = 1 for update');
    release();
    await locking;
    expect(clock.epoch).toBe(4);
    const hold = query('select outcome from ledger_request_withdrawal($1)');
    release();
    await hold;
    expect(clock.epoch).toBe(6);
    const withdrawal = query('select outcome, detail from wallet_request_withdrawal($1)');
    release();
    await withdrawal;
    expect(clock.epoch).toBe(8);
  });

  it('counts a select of the ledger’s read-only functions as a read, and one that also calls a writing function as a write', () => {
    expect(WriteClock.readsOnly('select ledger_locked_points($1) as amount')).toBe(true);
    expect(WriteClock.readsOnly('select sum(amount) from ledger_entries where user_id = $1 and ledger_earning("ledger_entries"."reason")')).toBe(true);
    expect(WriteClock.readsOnly('select LEDGER_LOCKED_POINTS ($1)')).toBe(true);
    expect(WriteClock.readsOnly('select ledger_locked_points($1), ledger_credit($1, $2, $3, $4)')).toBe(false);
    expect(WriteClock.readsOnly('select ledger_earning($1) from balances for update')).toBe(false);
    expect(WriteClock.readsOnly('select wallet_request_withdrawals($1)')).toBe(false);
  });

  it('counts the callback form as finished when its callback runs', () => {
    const clock = new WriteClock();
    let callback: (() => void) | undefined;
    const query = clock.wrapQuery((_text: string, done: () => void) => {
      callback = done;
    }, (args) => queryText(args));
    query('commit', () => undefined);
    expect(clock.epoch).toBe(1);
    callback?.();
    expect(clock.epoch).toBe(2);
  });
});

describe('WriteClock scopes', () => {
  const promised = (clock: WriteClock) => clock.wrapQuery(async (text: string) => text, (args) => queryText(args));

  it('moves only the named earners for a write sent inside writesAffecting, and nobody for an empty list', async () => {
    const clock = new WriteClock();
    const query = promised(clock);
    await writesAffecting([1, 2], () => query('update task_runs set step = 1'));
    expect([clock.epoch, clock.epochOf(1), clock.epochOf(2), clock.epochOf(3)]).toEqual([0, 2, 2, 0]);
    await writesAffecting([], () => query('insert into presence_days values (1)'));
    expect([clock.epoch, clock.epochOf(1), clock.epochOf(2)]).toEqual([0, 2, 2]);
    // A read inside a scope moves nothing; a write outside any moves everyone's.
    await writesAffecting([1], () => query('select 1'));
    await query('update balances set balance = 1');
    expect([clock.epoch, clock.epochOf(1)]).toEqual([2, 2]);
  });

  it('keeps the scope of the code that sent the write, whatever runs while it is in flight', async () => {
    const clock = new WriteClock();
    const { query, release } = heldQuery(clock);
    const write = writesAffecting([7], () => query('update task_runs set step = 2'));
    expect(clock.epochOf(7)).toBe(1);
    // Whoever settles it, the finished write is still earner 7's.
    writesAffecting([8], () => release());
    await write;
    expect([clock.epochOf(7), clock.epochOf(8), clock.epoch]).toEqual([2, 0, 0]);
  });

  it('moves everyone for the callback form, whose sender may be another request, and inside writesOfEveryone', async () => {
    const clock = new WriteClock();
    const callbackQuery = clock.wrapQuery((_text: string, done: () => void) => done(), (args) => queryText(args));
    writesAffecting([1], () => callbackQuery('update balances set balance = 1', () => undefined));
    expect([clock.epoch, clock.epochOf(1)]).toEqual([2, 0]);
    const query = promised(clock);
    await writesAffecting([1], () => writesOfEveryone(() => query('update balances set balance = 2')));
    expect([clock.epoch, clock.epochOf(1)]).toEqual([4, 0]);
  });

  it('forgets every earner at once, with a move everyone sees, past the earners it may track', () => {
    const clock = new WriteClock(2);
    writesAffecting([1, 2], () => clock.bump());
    expect([clock.epoch, clock.epochOf(1), clock.epochOf(2)]).toEqual([0, 1, 1]);
    writesAffecting([3], () => clock.bump());
    expect([clock.epoch, clock.epochOf(1), clock.epochOf(3)]).toEqual([1, 0, 0]);
  });
});

describe('ReadCache', () => {
  it("keeps one earner's read through another earner's scoped write, and drops it for its own or an unscoped one", async () => {
    const clock = new WriteClock();
    const cache = new ReadCache<string, string>(clock, 60_000, (key) => Number.parseInt(key, 10));
    let reads = 0;
    const read = async () => `runs ${++reads}`;
    expect(await cache.get('1|today', read)).toBe('runs 1');
    writesAffecting([2], () => clock.bump());
    expect(await cache.get('1|today', read)).toBe('runs 1');
    writesAffecting([1, 3], () => clock.bump());
    expect(await cache.get('1|today', read)).toBe('runs 2');
    clock.bump();
    expect(await cache.get('1|today', read)).toBe('runs 3');
    // A read that a write of its owner overlapped is answered once, not kept.
    const overlapped = cache.get('5|today', async () => {
      writesAffecting([5], () => clock.bump());
      return 'during';
    });
    expect(await overlapped).toBe('during');
    expect(await cache.get('5|today', async () => 'after')).toBe('after');
  });

  it('answers from memory until this process writes, then reads again', async () => {
    const clock = new WriteClock();
    const cache = new ReadCache<number, string>(clock, 60_000, (id) => id);
    let reads = 0;
    const read = async () => `balance ${++reads}`;
    expect(await cache.get(1, read)).toBe('balance 1');
    expect(await cache.get(1, read)).toBe('balance 1');
    clock.bump();
    expect(await cache.get(1, read)).toBe('balance 2');
    expect(reads).toBe(2);
  });

  it('keeps each key apart, so one earner is never answered with another one\'s read', async () => {
    const cache = new ReadCache<number, string>(new WriteClock(), 60_000, (id) => id);
    expect(await cache.get(1, async () => 'earner 1')).toBe('earner 1');
    expect(await cache.get(2, async () => 'earner 2')).toBe('earner 2');
    expect(await cache.get(1, async () => 'other')).toBe('earner 1');
  });

  it('reads again after its window, and never keeps a read a write overlapped or a failed one', async () => {
    const clock = new WriteClock();
    const cache = new ReadCache<number, string>(clock, 1_000, (id) => id);
    expect(await cache.get(1, async () => 'old', 0)).toBe('old');
    expect(await cache.get(1, async () => 'new', 999)).toBe('old');
    expect(await cache.get(1, async () => 'new', 1_000)).toBe('new');
    const overlapped = cache.get(2, async () => {
      clock.bump();
      return 'during a write';
    });
    expect(await overlapped).toBe('during a write');
    expect(await cache.get(2, async () => 'after')).toBe('after');
    await expect(cache.get(3, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(3, async () => 'up')).toBe('up');
  });
});
