import { createHash } from 'node:crypto';
import { earlyCallsScript } from '@grab/shared/early-calls';

/** The early calls' script of index.html (the same for every page), built once. */
export const EARLY_CALLS_SCRIPT = earlyCallsScript();

/** The CSP source that allows exactly that inline script and no other. */
export const EARLY_CALLS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CALLS_SCRIPT).digest('base64')}'`;
