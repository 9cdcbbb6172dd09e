import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

/** `remote_wallet/BalanceCard`, loaded at run time with a fallback and retry inside the layout. */
export function RemoteBalanceCard() {
  return <RemoteSection registry={remoteRegistry} remote="remote_wallet" expose="BalanceCard" />;
}
