import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { dispatchOrders } from './dispatch';
import type { PayoutProvider } from './payout-provider';
import { DISPATCH_QUEUE, type DispatchItem, PayoutQueue, SIMULATOR_QUEUE } from './payout-queue';
import { payoutsRoutes } from './payouts.routes';
import { type SimulatorItem, SimulatorProvider } from './simulator-provider';
import { walletRoutes } from './wallet.routes';
import { webhookRoutes } from './webhook.routes';
import { WithdrawRulesCache } from './withdraw-rules.cache';

/**
 * The wallet: the earner's money-out calls, the payout operator's calls, the providers' webhook,
 * and the jobs that dispatch orders (and, for the simulator, deliver its results). The jobs start
 * when the app is ready and stop before it closes.
 */
export async function walletModule(app: FastifyInstance, database: Database, config: Config, clock: Clock): Promise<void> {
  const { db } = database;
  const queue = new PayoutQueue(database, (error) => app.log.error({ err: error }, 'payout queue error'));
  const simulator = new SimulatorProvider(db, queue, config.payout.simulatorDelayMs);
  const provider: PayoutProvider = simulator;
  const providers = new Map<string, PayoutProvider>([[simulator.name, simulator]]);

  walletRoutes(app, {
    db,
    queue,
    clock,
    coolingOffHours: config.coolingOffHours,
    rules: new WithdrawRulesCache(config.catalogueCacheMs),
    lines: database.engine === 'postgres' ? 2 : 1,
  });
  payoutsRoutes(app, db, queue);
  await webhookRoutes(app, db, providers);

  app.addHook('onReady', async () => {
    await simulator.ready();
    await queue.start();
    await queue.work<DispatchItem>(DISPATCH_QUEUE, (items) => dispatchOrders(db, provider, queue, items, app.log));
    await queue.work<SimulatorItem>(SIMULATOR_QUEUE, (items) =>
      simulator.deliverAll(items, async (url, payload, headers) => (await app.inject({ method: 'POST', url, payload, headers })).statusCode),
    );
  });
  app.addHook('preClose', async () => {
    await queue.stop();
  });
}
