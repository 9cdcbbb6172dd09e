import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

// Each `remote_tasks` page is loaded at run time with a fallback and retry of its own.

/** The /home content. */
export function RemoteTaskHall() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="TaskHall" />;
}

export function RemoteTaskDetail() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="TaskDetail" />;
}

export function RemoteJoinGroupTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="JoinGroupTask" />;
}

export function RemoteShareTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="ShareTask" />;
}

export function RemoteOnlineTime() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="OnlineTime" />;
}

export function RemoteAuditTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="AuditTask" />;
}
