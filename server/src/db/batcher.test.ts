import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';
import { queryText, WriteClock, writesAffecting } from './write-clock';

/** A batcher over numbers whose statements the test finishes by hand, recording what was sent. */
function harness(options: { maxBatch?: number; maxInFlight?: number; minWaitingForAnother?: number; failMany?: (items: readonly number[]) => boolean; failOne?: (item: number) => boolean } = {}) {
  const sent: { kind: 'many' | 'one'; items: number[] }[] = [];
  const pending: (() => void)[] = [];
  const later = <T>(value: () => T) =>
    new Promise<T>((resolve, reject) => {
      pending.push(() => {
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
      });
    });
  const failed: number[] = [];
  const batcher = new Batcher<number, string>({
    maxBatch: options.maxBatch,
    maxInFlight: options.maxInFlight,
    minWaitingForAnother: options.minWaitingForAnother,
    many: (items) => {
      sent.push({ kind: 'many', items: [...items] });
      return later(() => {
        if (options.failMany?.(items)) throw new Error('batch failed');
        return items.map((n) => `many:${n}`);
      });
    },
    one: (item) => {
      sent.push({ kind: 'one', items: [item] });
      return later(() => {
        if (options.failOne?.(item)) throw new Error(`item ${item} failed`);
        return `one:${item}`;
      });
    },
    onBatchFailed: (_error, size) => failed.push(size),
  });
  /** Finishes every statement in flight, and those they lead to, until none is left. */
  const drain = async () => {
    for (let rounds = 0; rounds < 100; rounds++) {
      await new Promise((resolve) => setImmediate(resolve));
      const step = pending.splice(0);
      if (step.length === 0) return;
      for (const finish of step) finish();
    }
  };
  return { batcher, sent, drain, failed };
}

describe('Batcher', () => {
  it('sends a call at once, alone, when nothing is in flight', () => {
    const { batcher, sent } = harness();
    void batcher.call(7);
    expect(sent).toEqual([{ kind: 'one', items: [7] }]);
  });

  it('queues calls while a statement is in flight and sends them as one batch, each caller answered its own item in order', async () => {
    const { batcher, sent, drain } = harness();
    const answers = Promise.all([1, 2, 3, 4].map((n) => batcher.call(n)));
    expect(sent).toEqual([{ kind: 'one', items: [1] }]);
    await drain();
    expect(await answers).toEqual(['one:1', 'many:2', 'many:3', 'many:4']);
    expect(sent).toEqual([
      { kind: 'one', items: [1] },
      { kind: 'many', items: [2, 3, 4] },
    ]);
  });

  it('caps a batch and sends the rest in the next one', async () => {
    const { batcher, sent, drain } = harness({ maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map((n) => batcher.call(n)));
    await drain();
    expect(await answers).toEqual(['one:1', 'many:2', 'many:3', 'many:4', 'many:5', 'one:6']);
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('keeps as many batches in flight as allowed', async () => {
    const { batcher, sent, drain } = harness({ maxInFlight: 2 });
    const answers = Promise.all([1, 2, 3, 4].map((n) => batcher.call(n)));
    expect(sent.map((s) => s.items)).toEqual([[1], [2]]);
    await drain();
    expect(await answers).toEqual(['one:1', 'one:2', 'many:3', 'many:4']);
  });

  it('sends a second batch beside the first only once enough calls wait, and the rest when a line is free', async () => {
    const { batcher, sent, drain } = harness({ maxInFlight: 2, minWaitingForAnother: 3 });
    const answers = Promise.all([1, 2, 3].map((n) => batcher.call(n)));
    // One in flight, two waiting: fewer than three, so no second line yet.
    expect(sent.map((s) => s.items)).toEqual([[1]]);
    const more = Promise.all([4, 5].map((n) => batcher.call(n)));
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    await drain();
    // 5 waited alone while a line was busy, and left once none was.
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3, 4], [5]]);
    expect([...(await answers), ...(await more)]).toEqual(['one:1', 'many:2', 'many:3', 'many:4', 'one:5']);
  });

  it('retries every item of a failed batch alone, so a bad item fails only its own caller', async () => {
    const { batcher, sent, drain, failed } = harness({ failMany: (items) => items.includes(3), failOne: (n) => n === 3 });
    const answers = [1, 2, 3, 4].map((n) => batcher.call(n).then((value) => ({ value }), (error: Error) => ({ error: error.message })));
    await drain();
    expect(await Promise.all(answers)).toEqual([{ value: 'one:1' }, { value: 'one:2' }, { error: 'item 3 failed' }, { value: 'one:4' }]);
    expect(failed).toEqual([3]);
    expect(sent.map((s) => s.kind)).toEqual(['one', 'many', 'one', 'one', 'one']);
  });

  it('treats a batch that answers the wrong number of results as failed', async () => {
    const sent: string[] = [];
    const batcher = new Batcher<number, number>({
      many: async (items) => {
        sent.push(`many ${items.length}`);
        return [1];
      },
      one: async (item) => {
        sent.push(`one ${item}`);
        return item * 10;
      },
    });
    const answers = Promise.all([1, 2, 3].map((n) => batcher.call(n)));
    expect(await answers).toEqual([10, 20, 30]);
    expect(sent).toEqual(['one 1', 'many 2', 'one 2', 'one 3']);
  });

  it('goes back to sending at once when the queue has emptied', async () => {
    const { batcher, sent, drain } = harness();
    const first = batcher.call(1);
    await drain();
    expect(await first).toBe('one:1');
    void batcher.call(2);
    expect(sent.map((s) => s.items)).toEqual([[1], [2]]);
  });
});

describe('Batcher and write scopes', () => {
  it("sends every batch outside its caller's scope: the items of others move everyone's clock", async () => {
    const clock = new WriteClock();
    const write = clock.wrapQuery(async (text: string) => text, (args) => queryText(args));
    let release: () => void = () => undefined;
    const batcher = new Batcher<number, string>({
      many: async (items) => {
        await write('select wallet_request_withdrawals($1)');
        return items.map(String);
      },
      one: async (item) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await write('select wallet_request_withdrawal($1)');
        return String(item);
      },
    });
    // Earner 1's call goes out alone; earners 2 and 3 wait and go out together, sent when 1's ends.
    const first = writesAffecting([1], () => batcher.call(1));
    const rest = [writesAffecting([2], () => batcher.call(2)), writesAffecting([3], () => batcher.call(3))];
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['1', '2', '3']);
    expect([clock.epoch, clock.epochOf(1), clock.epochOf(2), clock.epochOf(3)]).toEqual([4, 0, 0, 0]);
  });
});
