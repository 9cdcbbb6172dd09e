import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { passOverdue } from './reviews.service';

export const AUTO_PASS_INTERVAL_MS = 60_000;

/**
 * Submissions nobody decided in time pass on their own: once when the app is ready (catching up on
 * time the server was down) and every minute after. One run at a time per process; the timer never
 * keeps the process alive, and closing the app waits for a run in progress.
 */
export function scheduleAutoPass(app: FastifyInstance, db: Db, clock: Clock): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = passOverdue(db, clock.now(), (submissionId, error) => app.log.error({ err: error, submissionId }, 'auto-pass: submission left for the next run'))
      .then((passed) => {
        if (passed > 0) app.log.info({ passed }, 'auto-pass: overdue submissions passed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'auto-pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, AUTO_PASS_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
