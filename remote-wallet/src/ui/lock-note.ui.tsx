import { LockIcon } from '@grab/shared';
import type { ReactNode } from 'react';
import styles from './lock-note.module.css';

/**
 * Words saying why something waits (a locked bonus, a recipient's cooling-off) after a lock that
 * grows with them at 200 % text and is never squeezed. `className` gives the note its look.
 */
export function LockNote({ className, role, children }: { className?: string; role?: 'status'; children: ReactNode }) {
  return (
    <p className={[styles.note, className].filter(Boolean).join(' ')} role={role}>
      <LockIcon size={18} />
      <span className={styles.text}>{children}</span>
    </p>
  );
}
