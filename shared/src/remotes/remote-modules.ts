/**
 * What each remote exposes, by its Module Federation name: the one list that the host's loaders
 * and every remote's federation config are typed against, so a page renamed on one side fails the
 * typecheck of the other. The host imports only the types (no bytes in its first load).
 */
export const REMOTE_MODULES = {
  remote_tasks: ['TaskHall', 'TaskDetail', 'JoinGroupTask', 'ShareTask', 'AuditTask', 'MessagingNumber', 'OnlineTime'],
  remote_wallet: ['BalanceCard', 'WithdrawalPage', 'WithdrawalOrdersPage', 'EarningsPage', 'OffersPage'],
  remote_team: ['TeamPage', 'LevelPage'],
  remote_draw: ['LuckyWheel', 'LuckyGrid', 'SlotMachine', 'LuckyDrawPage'],
} as const;

export type RemoteName = keyof typeof REMOTE_MODULES;
export type ExposedModule<R extends RemoteName> = (typeof REMOTE_MODULES)[R][number];

/** The `exposes` option of remote `R`: exactly its modules, each mapped to its source file. */
export type Exposes<R extends RemoteName> = { [M in ExposedModule<R> as `./${M}`]: string };

export const REMOTE_NAMES = Object.keys(REMOTE_MODULES) as RemoteName[];
