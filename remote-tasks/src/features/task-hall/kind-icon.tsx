import { LineIcon, type TaskKind } from '@grab/shared';
import type { ReactNode } from 'react';

/** One drawing per task kind, so a card says what it asks for before a word is read. */
const PATHS_BY_KIND: Record<TaskKind, ReactNode> = {
  joinGroup: (
    <>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M3 20c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M15 14.6c3 0 6 1.6 6 5.4" />
    </>
  ),
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </>
  ),
  hang: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  messaging: <path d="M4 5h16v11H9l-5 4z" />,
  audit: (
    <>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  registration: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  appDownload: <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />,
  redeemCode: (
    <>
      <rect x="3" y="8" width="18" height="13" rx="1.5" />
      <path d="M12 8v13M3 12h18M12 8c-1.5-3.5-6-4-6-1.5S9.5 8 12 8c2.5 0 6 .5 6-1.5S13.5 4.5 12 8" />
    </>
  ),
};

export function KindIcon({ kind, size = 22 }: { kind: TaskKind; size?: number }) {
  return <LineIcon size={size}>{PATHS_BY_KIND[kind]}</LineIcon>;
}
