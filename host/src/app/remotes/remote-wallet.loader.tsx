import { PATHS } from '@grab/shared';
import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

/** `remote_wallet/BalanceCard`, loaded at run time with a fallback and retry inside the layout. */
export function RemoteBalanceCard() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="BalanceCard" />;
}

/** /withdrawal, /withdrawalOrders, /earningsDetails and /offers: downloaded only when the earner opens them. */
export function RemoteWithdrawalPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="WithdrawalPage" backTo={PATHS.user} />;
}

export function RemoteWithdrawalOrdersPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="WithdrawalOrdersPage" backTo={PATHS.user} />;
}

export function RemoteOffersPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="OffersPage" backTo={PATHS.user} />;
}

export function RemoteEarningsPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="EarningsPage" backTo={PATHS.user} />;
}
