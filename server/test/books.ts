/** Every figure of `reconcile` when the books hold. */
export const BOOKS_HOLD = {
  unbalancedEarners: 0,
  sumOfAllAccounts: 0,
  unbalancedTransfers: 0,
  negativeBalances: 0,
  ordersMismatched: 0,
  inFlightDifference: 0,
  feesDifference: 0,
  rebatesMismatched: 0,
  prizesMismatched: 0,
};
