import { ErrorCode } from '@grab/shared/contracts';
import { AppError } from '../../http/app-error';

/** The messaging module's refusals, each with the message key the earner reads. */
export const messagingErrors = {
  invalidNumber: () => new AppError(ErrorCode.validation, 'validation.phoneInvalid'),
  numberTaken: () => new AppError(ErrorCode.numberTaken, 'messaging.numberTaken'),
  alreadyVerified: () => new AppError(ErrorCode.numberAlreadyVerified, 'messaging.alreadyVerified'),
  numberUnknown: () => new AppError(ErrorCode.numberUnknown, 'messaging.numberUnknown'),
  capReached: () => new AppError(ErrorCode.messagingCapReached, 'messaging.capReached'),
  tooManyCodes: () => new AppError(ErrorCode.tooManyRequests, 'messaging.tooManyCodes'),
  replayed: () => new AppError(ErrorCode.replayed, 'messaging.replayed'),
};
