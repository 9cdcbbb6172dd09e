import { ErrorCode } from '@grab/shared/contracts';
import type { Figure, MessageParams } from './i18n';

/**
 * A failure the earner should read about. `key` is an i18n key translated into the earner's
 * language for `msg`; `params` fill its placeholders. Business codes (1xxx, 2xxx) answer HTTP 400.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: string,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return this.code >= 1000 ? 400 : this.code;
  }
}

export const errors = {
  unauthorized: () => new AppError(ErrorCode.unauthorized, 'errors.unauthorized'),
  notFound: () => new AppError(ErrorCode.notFound, 'errors.notFound'),
  validation: (key = 'validation.form') => new AppError(ErrorCode.validation, key),
  phoneTaken: () => new AppError(ErrorCode.phoneTaken, 'errors.phoneTaken'),
  badCredentials: () => new AppError(ErrorCode.badCredentials, 'errors.badCredentials'),
  inviteCodeUnknown: () => new AppError(ErrorCode.inviteCodeUnknown, 'errors.inviteCodeUnknown'),
  oldPasswordWrong: () => new AppError(ErrorCode.oldPasswordWrong, 'errors.oldPasswordWrong'),
  tooManySignups: () => new AppError(ErrorCode.tooManySignups, 'errors.tooManySignups'),
  uploadAlreadyUsed: () => new AppError(ErrorCode.uploadAlreadyUsed, 'errors.uploadAlreadyUsed'),
  insufficientBalance: () => new AppError(ErrorCode.insufficientBalance, 'errors.insufficientBalance'),
  tooManyRequests: (minutes: number) => new AppError(ErrorCode.tooManyRequests, 'errors.tooManyRequests', { minutes }),
  conflict: () => new AppError(ErrorCode.conflict, 'errors.conflict'),
  belowMinimum: (amount: Figure) => new AppError(ErrorCode.validation, 'errors.belowMinimum', { amount }),
  amountNotOffered: () => new AppError(ErrorCode.validation, 'validation.amountRequired'),
  dailyCountReached: (count: number) => new AppError(ErrorCode.withdrawLimit, 'errors.dailyCountReached', { count }),
  dailyAmountReached: (amount: Figure) => new AppError(ErrorCode.withdrawLimit, 'errors.dailyAmountReached', { amount }),
  coolingOff: (time: string) => new AppError(ErrorCode.coolingOff, 'errors.coolingOff', { time }),
  /** Named as the earner chose it: a UPI earner never reads about banks or wallets. */
  institutionUnavailable: (method: string) => new AppError(ErrorCode.institutionUnavailable, `errors.${method}Unavailable`),
  notWithdrawable: (points: Figure) => new AppError(ErrorCode.insufficientBalance, 'errors.notWithdrawable', { points }),
  payoutOnly: () => new AppError(ErrorCode.forbidden, 'errors.payoutOnly'),
  payoutState: () => new AppError(ErrorCode.conflict, 'errors.payoutState'),
  badSign: () => new AppError(ErrorCode.badSign, 'errors.badSign'),
  staleTime: () => new AppError(ErrorCode.staleTime, 'errors.staleTime'),
};
