import type { ReactNode } from 'react';

/**
 * The frame of every inline line icon: no icon font or sprite request on slow data, the same look on
 * every phone (emoji differ or are missing). Decorative: the text next to it names the thing.
 */
export function LineIcon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A padlock: a locked task, or points that cannot be withdrawn yet. */
export function LockIcon({ size }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </LineIcon>
  );
}
