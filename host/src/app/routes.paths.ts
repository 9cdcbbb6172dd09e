import { PATHS } from '@grab/shared';

// The addresses themselves are `PATHS` of @grab/shared: one list for the host and every remote.

/** Standalone pages that later issues fill from remotes; until then they say "not supported yet". */
export const COMING_PAGES = [PATHS.wsTask] as const;
