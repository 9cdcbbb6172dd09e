import { PATHS } from '@grab/shared';
import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

/** /luckyDraw: the lucky draw with its widgets; remote_draw and lucky-canvas download only when it opens. */
export function RemoteLuckyDrawPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_draw" expose="LuckyDrawPage" backTo={PATHS.home} />;
}
