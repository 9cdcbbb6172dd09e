import type { Clock } from '../../clock';
import type { MessagingConfig } from '../../config';
import type { Db, Tx } from '../../db/database';
import { numberSetting } from '../config/operator-settings.repository';
import { messagingTask, payVerifiedNumber } from '../tasks/messaging-credits.service';
import { utcDay } from '../tasks/task-periods';
import {
  type CodeRow,
  claimNumber,
  hasEarned,
  lockOpenCodes,
  markCodeVerified,
  receiveOnce,
  recordReward,
  setInboundOutcome,
  takeDailyPoints,
  touchNumber,
} from './messaging.repository';

/** One text message the provider delivered to the official account. */
export interface InboundMessage {
  /** The provider's message id: a second delivery of it changes nothing. */
  id: string;
  /** E.164 of the sender. */
  from: string;
  text: string;
}

export type InboundOutcome = 'verified' | 'duplicate' | 'unknown_code' | 'expired' | 'taken';

/** Every run of six digits in the text: the earner may send the code with words around it. */
function codesIn(text: string): string[] {
  return [...new Set(text.match(/(?<!\d)\d{6}(?!\d)/g) ?? [])].slice(0, 5);
}

/**
 * Pays a newly verified number once, ever: a number that earned before (deleted and added again,
 * by anyone) earns nothing, and the day's cap is taken in one conditional update. A verification
 * held back by the cap writes no reward row, so the number may still earn another day. The reward
 * is a run of the messaging task, paid by the tasks module like any other.
 */
async function reward(tx: Tx, clock: Clock, config: MessagingConfig, code: CodeRow): Promise<{ amount: number; capped: boolean }> {
  const task = await messagingTask(tx);
  const amount = task?.reward ?? 0;
  if (!task || amount <= 0 || (await hasEarned(tx, code.phone))) return { amount: 0, capped: false };
  const now = clock.now(code.userId);
  const day = utcDay(now);
  const cap = await numberSetting(tx, 'messagingDailyCap', config.dailyCap);
  if (!(await takeDailyPoints(tx, code.userId, day, amount, cap))) return { amount: 0, capped: true };
  const paid = await payVerifiedNumber(tx, task, code.userId, now);
  if (paid.ledgerEntryId === null) throw new Error(`messaging number ${code.phone} paid nothing`);
  // The primary key on the phone is the second guard: the claim of the number already queued us.
  if (!(await recordReward(tx, { phone: code.phone, userId: code.userId, amount: paid.reward, day, ledgerEntryId: paid.ledgerEntryId }))) {
    throw new Error(`messaging number ${code.phone} was rewarded twice`);
  }
  return { amount: paid.reward, capped: false };
}

/**
 * An inbound message, in one transaction: recorded by its id first (a repeated delivery stops
 * there), any message marks its number online, and a message carrying a waiting code of its own
 * number verifies that number for the code's earner, unless the number is someone else's.
 */
export function receiveInbound(db: Db, clock: Clock, config: MessagingConfig, message: InboundMessage): Promise<InboundOutcome> {
  return db.transaction(async (tx) => {
    if (!(await receiveOnce(tx, message.id, message.from))) return 'duplicate';
    const at = new Date();
    await touchNumber(tx, message.from, at);
    const outcome = await verify(tx, clock, config, message);
    await setInboundOutcome(tx, message.id, outcome);
    return outcome;
  });
}

async function verify(tx: Tx, clock: Clock, config: MessagingConfig, message: InboundMessage): Promise<InboundOutcome> {
  const codes = await lockOpenCodes(tx, message.from, codesIn(message.text));
  const code = codes.find((c) => c.expiresAt > clock.now(c.userId));
  if (!code) return codes.length > 0 ? 'expired' : 'unknown_code';
  const now = clock.now(code.userId);
  const claimed = await claimNumber(tx, { phone: code.phone, userId: code.userId, country: code.country, at: now });
  if (!claimed) {
    // The primary key decided: the number is already someone's (or, for this earner, already verified).
    return 'taken';
  }
  const paid = await reward(tx, clock, config, code);
  await markCodeVerified(tx, code.id, { verifiedAt: now, reward: paid.amount, capped: paid.capped });
  return 'verified';
}
