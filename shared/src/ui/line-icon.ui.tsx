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
