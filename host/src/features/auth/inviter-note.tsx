import { fetchEndpoint, InviterQuery, inviterOf, useQuery, useT } from '@grab/shared';
import styles from './auth.module.css';

/** Who invites the person registering, as the share link says (masked phone and level); nothing for an unknown code. */
export function InviterNote({ shareCode }: { shareCode: string }) {
  const { t } = useT('host');
  const { data } = useQuery({
    queryKey: ['public', 'inviter', shareCode] as const,
    queryFn: () => fetchEndpoint(inviterOf, { shareCode }),
    // A code the server would refuse names nobody: no call, and no error toast on the register page.
    enabled: InviterQuery.safeParse({ shareCode }).success,
    // Who owns a code does not change while someone registers.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) return null;
  return (
    <p className={styles.inviter} data-testid="inviter">
      <span className={styles.inviterLabel}>{t('auth.invitedBy')}</span>
      <strong dir="ltr">{data.maskedPhone}</strong>
      <span className={styles.inviterLevel}>{t('account.levelValue', { level: data.level })}</span>
    </p>
  );
}
