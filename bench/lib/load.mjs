// autocannon, run in this process, with the kinds of failed requests counted: a figure built on
// errors would be meaningless, so the results say how many there were and what they were.
import autocannon from 'autocannon';

/**
 * @param {import('autocannon').Options} options
 * @returns {Promise<import('autocannon').Result & { errorKinds: Record<string, number> }>}
 */
export function load(options) {
  return new Promise((resolve, reject) => {
    /** @type {Record<string, number>} */
    const errorKinds = {};
    const tracker = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ ...result, errorKinds });
    });
    tracker.on('reqError', (/** @type {Error & { code?: string }} */ error) => {
      const kind = error.code ?? error.message;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    });
  });
}
