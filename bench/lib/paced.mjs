// An open-loop load at a steady rate: request i is due at start + i / rate, whatever the server is
// doing, over a pool of keep-alive connections. Real earners' phones do not wait for each other, so
// a slow answer must not slow the arrivals (autocannon's rate limit sends each connection's quota
// for a second at the start of that second: fifty requests land together, and p95 measures that
// burst, not the server). Latency counts from the moment a request was due, so a backlog in this
// process or in the pool is charged to the figure rather than hidden.
import http from 'node:http';

/**
 * @typedef {{ path: string, headers?: Record<string, string> }} PacedRequest
 * @typedef {{ latencies: number[], total: number, ok: number, non2xx: number, errors: number, elapsed: number }} PacedResult
 */

/**
 * @param {{ url: string, connections: number, rate: number, seconds: number, request: (i: number) => PacedRequest, onAnswer?: (i: number, status: number, due: number, answered: number) => void, timeoutMs?: number }} o
 * @returns {Promise<PacedResult>}
 */
export function pacedLoad({ url, connections, rate, seconds, request, onAnswer, timeoutMs = 10_000 }) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const count = Math.round(rate * seconds);
  const interval = 1000 / rate;
  /** @type {number[]} */
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  const wall = Date.now();

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      resolve({ latencies, total: settled, ok, non2xx, errors, elapsed: (performance.now() - start) / 1000 });
    };
    const send = (/** @type {number} */ i) => {
      const due = start + i * interval;
      const dueWall = wall + i * interval;
      const { path, headers } = request(i);
      const req = http.request({ host: base.hostname, port: base.port, path, method: 'GET', headers, agent, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          latencies.push(Math.round(performance.now() - due));
          if (status >= 200 && status < 300) ok += 1;
          else non2xx += 1;
          onAnswer?.(i, status, dueWall, Date.now());
          if (++settled === count) finish();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        if (++settled === count) finish();
      });
      req.end();
    };
    // A timer fires late on a busy machine; every request already due goes out when it does.
    const tick = () => {
      const due = Math.min(count, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(sent++);
      if (sent < count) setTimeout(tick, Math.max(1, Math.min(interval, 10)));
    };
    if (count === 0) finish();
    else tick();
  });
}
