/**
 * Why points moved: every ledger entry has one of these (a CHECK in the database holds it). The
 * earnings screens filter by them; the server's ledger module is the only writer.
 */
export const LEDGER_REASONS = ['welcome_bonus', 'task_reward', 'rebate', 'prize', 'redeem_code', 'withdrawal', 'withdrawal_refund', 'withdrawal_paid', 'withdrawal_fee', 'reversal'] as const;
export type LedgerReasonName = (typeof LEDGER_REASONS)[number];
