/** Route addresses are a product contract (SPEC §2); `loginPage` is the login route's name. */
export const PATHS = {
  root: '/',
  home: '/home',
  user: '/user',
  team: '/team',
  loginPage: '/login',
  register: '/register',
  changePassword: '/changePassword',
  language: '/language',
  earningsDetails: '/earningsDetails',
  userLevel: '/userLevel',
  withdrawal: '/withdrawal',
  withdrawalOrders: '/withdrawalOrders',
  joinTgTask: '/joinTgTask',
  shareTask: '/shareTask',
  wsTask: '/wsTask',
  hangTask: '/hangTask',
  auditTask: '/auditTask',
  /** SPEC §2 leaves the task detail page's path open. */
  taskDetail: '/taskDetail',
} as const;

/** Standalone pages that later issues fill from remotes; until then they say "not supported yet". */
export const COMING_PAGES = [
  PATHS.earningsDetails,
  PATHS.userLevel,
  PATHS.withdrawal,
  PATHS.withdrawalOrders,
  PATHS.wsTask,
  PATHS.hangTask,
] as const;
