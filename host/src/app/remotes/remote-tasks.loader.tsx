import { PATHS } from '@grab/shared';
import { remoteRegistry } from './federation';
import { RemoteSection } from './remote-section';

// Each `remote_tasks` page is loaded at run time with a fallback and retry of its own.

/** The /home content. */
export function RemoteTaskHall() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="TaskHall" wholeTab />;
}

export function RemoteTaskDetail() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="TaskDetail" backTo={PATHS.home} />;
}

export function RemoteJoinGroupTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="JoinGroupTask" backTo={PATHS.home} />;
}

export function RemoteShareTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="ShareTask" backTo={PATHS.home} />;
}

export function RemoteOnlineTime() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="OnlineTime" backTo={PATHS.home} />;
}

export function RemoteAuditTask() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="AuditTask" backTo={PATHS.home} />;
}

/** /wsTask: verify a messaging number. */
export function RemoteMessagingNumber() {
  return <RemoteSection registry={remoteRegistry} remote="remote_tasks" expose="MessagingNumber" backTo={PATHS.home} />;
}
