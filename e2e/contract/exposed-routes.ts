import type { ExposedModule, RemoteName } from '../../shared/src/remotes/remote-modules';

/**
 * Where the host mounts each exposed module, typed by the list in @grab/shared: a module added to
 * a remote fails the typecheck here until its contract test knows where to find it. `null` is a
 * module the host does not mount yet; its test loads it through the host's runtime instead.
 */
export const EXPOSED_ROUTES: { [R in RemoteName]: Record<ExposedModule<R>, string | null> } = {
  remote_tasks: {
    TaskHall: '/home',
    TaskDetail: '/taskDetail?taskId=1',
    JoinGroupTask: '/joinTgTask?taskType=1&taskId=1&id=1',
    ShareTask: '/shareTask?taskType=1&taskId=1&id=1',
    AuditTask: '/auditTask?taskType=1&taskId=1&id=1',
    MessagingNumber: '/wsTask',
    OnlineTime: '/hangTask?taskType=hang&taskId=1&id=1',
  },
  remote_wallet: {
    BalanceCard: '/user',
    WithdrawalPage: '/withdrawal',
    WithdrawalOrdersPage: '/withdrawalOrders',
    EarningsPage: '/earningsDetails',
    OffersPage: '/offers',
  },
  remote_team: {
    TeamPage: '/team',
    LevelPage: '/userLevel',
  },
  remote_draw: {
    LuckyWheel: null,
    LuckyGrid: null,
    SlotMachine: null,
    LuckyDrawPage: '/luckyDraw',
  },
};
