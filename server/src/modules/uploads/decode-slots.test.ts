import { describe, expect, it } from 'vitest';
import { DecodeSlots } from './decode-slots';

/** A decode that ends when the test says so, and records that it started. */
function decode(slots: DecodeSlots, pixels: number, started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = slots.run(
    pixels,
    () =>
      new Promise<string>((resolve, reject) => {
        started.push(name);
        finish = () => resolve(name);
        fail = reject;
      }),
  );
  return { done, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('DecodeSlots', () => {
  it('decodes two screenshots at once and queues a third until one ends', async () => {
    const slots = new DecodeSlots(40, 2);
    const started: string[] = [];
    const a = decode(slots, 3, started, 'a');
    const b = decode(slots, 3, started, 'b');
    const c = decode(slots, 3, started, 'c');
    await turn();
    expect(started).toEqual(['a', 'b']);
    expect(slots.inFlight).toBe(2);
    a.finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'c']);
    b.finish();
    c.finish();
    expect(await Promise.all([a.done, b.done, c.done])).toEqual(['a', 'b', 'c']);
    expect(slots.inFlight).toBe(0);
  });

  it('decodes a picture of the whole budget alone, and the small ones behind it wait their turn', async () => {
    const slots = new DecodeSlots(40, 2);
    const started: string[] = [];
    const small = decode(slots, 3, started, 'small');
    const huge = decode(slots, 40, started, 'huge');
    const after = decode(slots, 3, started, 'after');
    await turn();
    // Room for "after" beside "small", but it came after "huge": first come, first served.
    expect(started).toEqual(['small']);
    small.finish();
    await turn();
    expect(started).toEqual(['small', 'huge']);
    expect(slots.inFlight).toBe(1);
    huge.finish();
    await turn();
    expect(started).toEqual(['small', 'huge', 'after']);
    after.finish();
    await Promise.all([small.done, huge.done, after.done]);
  });

  it('lets a picture above the budget run when nothing else does, and frees the slot of a decode that fails', async () => {
    const slots = new DecodeSlots(40, 2);
    const started: string[] = [];
    const over = decode(slots, 50, started, 'over');
    const next = decode(slots, 3, started, 'next');
    await turn();
    expect(started).toEqual(['over']);
    over.fail(new Error('corrupt'));
    await expect(over.done).rejects.toThrow('corrupt');
    await turn();
    expect(started).toEqual(['over', 'next']);
    next.finish();
    await next.done;
    expect(slots.inFlight).toBe(0);
  });
});
