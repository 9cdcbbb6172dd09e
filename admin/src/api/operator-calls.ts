import {
  adminTaskSetActive,
  type Endpoint,
  earnerFreeze,
  earnerUnfreeze,
  payoutApprove,
  payoutCallbacks,
  payoutDailyTotals,
  payoutFail,
  payoutRetry,
  reviewClaim,
  reviewFail,
  reviewPass,
} from '@grab/shared/contracts';

/** The actions the console may make through the data provider's `custom`, each a contract. */
export const CUSTOM_CALLS: Endpoint[] = [
  reviewClaim,
  reviewPass,
  reviewFail,
  payoutApprove,
  payoutRetry,
  payoutFail,
  payoutCallbacks,
  payoutDailyTotals,
  earnerFreeze,
  earnerUnfreeze,
  adminTaskSetActive,
];
