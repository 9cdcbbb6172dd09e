// autocannon, run in this process, with the kinds of failed requests counted: a figure built on
// errors would be meaningless, so the results say how many there were and what they were.
import autocannon from 'autocannon';

/**
 * `activeMs` runs from the start to the last response: with `amount`, autocannon reports the end
 * only at its next one-second tick, which would make a short run's requests per second a step
 * function of whole seconds.
 * @param {import('autocannon').Options} options
 * @returns {Promise<import('autocannon').Result & { errorKinds: Record<string, number>, activeMs: number }>}
 */
export function load(options) {
  return new Promise((resolve, reject) => {
    /** @type {Record<string, number>} */
    const errorKinds = {};
    const started = performance.now();
    let last = started;
    const tracker = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ ...result, errorKinds, activeMs: last - started });
    });
    tracker.on('response', () => {
      last = performance.now();
    });
    tracker.on('reqError', (/** @type {Error & { code?: string }} */ error) => {
      const kind = error.code ?? error.message;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      last = performance.now();
    });
  });
}
