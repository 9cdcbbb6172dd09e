/**
 * What this phone remembers about the home prompts, in local storage (per device, whoever logs in):
 * the join-group prompt is due once after a registration; the install prompt, once dismissed, never
 * comes back.
 */
export const JOIN_GROUP_PROMPT_KEY = 'joinGroupPrompt';
export const INSTALL_PROMPT_DISMISSED_KEY = 'installPromptDismissed';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the prompt goes away for this page only.
  }
}

/** Right after a registration: the new earner's first Home offers the official group once. */
export function markJoinGroupPromptDue(): void {
  write(JOIN_GROUP_PROMPT_KEY, 'due');
}

export function joinGroupPromptDue(): boolean {
  return read(JOIN_GROUP_PROMPT_KEY) === 'due';
}

/** Followed, dismissed, or nothing to join: it is not shown again. */
export function settleJoinGroupPrompt(): void {
  write(JOIN_GROUP_PROMPT_KEY, 'done');
}

export function installPromptDismissed(): boolean {
  return read(INSTALL_PROMPT_DISMISSED_KEY) === '1';
}

export function dismissInstallPrompt(): void {
  write(INSTALL_PROMPT_DISMISSED_KEY, '1');
}
