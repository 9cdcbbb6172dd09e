import { PATHS } from '@grab/shared';
import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

/** `remote_team/TeamPage`, loaded at run time with a fallback and retry inside the layout. */
export function RemoteTeamPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_team" expose="TeamPage" wholeTab />;
}

/** /userLevel: the levels and the earner's progress, downloaded only when opened. */
export function RemoteLevelPage() {
  return <RemoteSection registry={remoteRegistry} remote="remote_team" expose="LevelPage" backTo={PATHS.user} />;
}
