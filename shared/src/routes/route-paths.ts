/**
 * Every route address of the app, in one place: they are a product contract (SPEC §2). The host's
 * route table, the remotes' links and the step navigation all read them from here.
 */
export const PATHS = {
  root: '/',
  home: '/home',
  user: '/user',
  team: '/team',
  /** The login route; SPEC §2 names it `loginPage`. */
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
  /** The lucky draw (issue 10); SPEC §1 names the widgets, not a route. */
  luckyDraw: '/luckyDraw',
  /** Partner offers in the earner's currency (SPEC §7 goods; issue 13). */
  offers: '/offers',
} as const;

export type RoutePath = (typeof PATHS)[keyof typeof PATHS];
