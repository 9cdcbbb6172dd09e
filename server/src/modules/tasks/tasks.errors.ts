import { type ClosedReason, ErrorCode } from '@grab/shared/contracts';
import type { Language } from '@grab/shared/i18n/languages';
import { AppError } from '../../http/app-error';

const CLOSED_KEYS: Record<ClosedReason, string> = {
  ended: 'tasks.ended',
  notOpenYet: 'tasks.notOpenYet',
  dailyCap: 'tasks.dailyCapReached',
};

/** The task engine's refusals, each with the message key the earner reads. */
export const taskErrors = {
  levelInsufficient: (current: number, required: number) => new AppError(ErrorCode.levelInsufficient, 'errors.levelInsufficient', { current, required }),
  closed: (reason: ClosedReason) => new AppError(ErrorCode.taskUnavailable, CLOSED_KEYS[reason]),
  notSupported: () => new AppError(ErrorCode.taskUnavailable, 'tasks.notSupported'),
  alreadyCompleted: () => new AppError(ErrorCode.taskUnavailable, 'tasks.alreadyCompleted'),
  stepOrder: () => new AppError(ErrorCode.stepNotReady, 'tasks.stepOrder'),
  /** Plural-aware: the message files hold `_one` and `_other` forms, chosen by the earner's language rules. */
  moreVisitsNeeded: (count: number, language: Language) => {
    const form = new Intl.PluralRules(language.tag).select(count) === 'one' ? 'one' : 'other';
    return new AppError(ErrorCode.stepNotReady, `tasks.moreVisitsNeeded_${form}`, { count });
  },
  nothingToCollect: () => new AppError(ErrorCode.nothingToCollect, 'tasks.nothingToCollect'),
  codeUnknown: () => new AppError(ErrorCode.codeUnknown, 'tasks.codeUnknown'),
  codeExpired: () => new AppError(ErrorCode.codeExpired, 'tasks.codeExpired'),
  codeUsedUp: () => new AppError(ErrorCode.codeUsedUp, 'tasks.codeUsedUp'),
  codeAlreadyRedeemed: () => new AppError(ErrorCode.codeAlreadyRedeemed, 'tasks.codeAlreadyRedeemed'),
};
