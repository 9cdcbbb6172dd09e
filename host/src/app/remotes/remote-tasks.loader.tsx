import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

/** `remote_tasks/TaskHall`, loaded at run time with a fallback and retry inside the layout. */
export function RemoteTaskHall() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="TaskHall" />;
}
