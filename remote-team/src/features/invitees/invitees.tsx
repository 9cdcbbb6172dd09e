import { languageByKey, LoadFailed, LoadingBlocks, usePointsText, useQuery, useT } from '@grab/shared';
import type { Invitee } from '@grab/shared/contracts';
import { useId, useState } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import { INVITEES_PAGE_SIZE, inviteesQuery } from './invitees.queries';
import styles from './invitees.module.css';

function InviteeItem({ invitee }: { invitee: Invitee }) {
  const { t, language } = useT(TEAM_NS);
  const points = usePointsText();
  const joined = new Date(invitee.joinedAt).toLocaleDateString(languageByKey(language).tag, { dateStyle: 'medium' });
  return (
    <li className={styles.invitee} data-testid="invitee">
      <div className={styles.who}>
        <span className={styles.phone} dir="ltr">
          {invitee.maskedPhone}
        </span>
        <span className={styles.level}>{t('levelValue', { level: invitee.level })}</span>
        {invitee.heldBonus > 0 ? <span className={styles.heldBadge}>{t('invitees.held', { points: points(invitee.heldBonus) })}</span> : null}
      </div>
      <div className={styles.facts}>
        <span>{t('invitees.joined', { date: joined })}</span>
        <span className={styles.bonus}>{t('invitees.bonus', { points: points(invitee.bonus) })}</span>
      </div>
    </li>
  );
}

/** Members at each depth 1..5: how far the team reaches. */
function DepthCounts({ counts }: { counts: readonly number[] }) {
  const { t, language } = useT(TEAM_NS);
  const tag = languageByKey(language).tag;
  return (
    <dl className={styles.depths} aria-label={t('invitees.byDepth')}>
      {counts.map((n, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the depth itself
        <div key={index} className={styles.depth}>
          <dt>{t('rebateLevel', { level: index + 1 })}</dt>
          <dd>{n.toLocaleString(tag)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The earner's direct invitees, newest first, one page at a time, and the team's size at each depth. */
export function Invitees({ countsByDepth }: { countsByDepth: readonly number[] }) {
  const { t, language } = useT(TEAM_NS);
  const headingId = useId();
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useQuery(inviteesQuery(page));
  const pages = data ? Math.max(1, Math.ceil(data.total / INVITEES_PAGE_SIZE)) : 1;
  const tag = languageByKey(language).tag;

  let list: React.ReactNode;
  if (isError) list = <LoadFailed message={t('invitees.error')} onRetry={() => void refetch()} />;
  else if (!data) list = <LoadingBlocks blockSize="4rem" count={2} />;
  else if (data.total === 0) list = <p className={section.muted}>{t('invitees.empty')}</p>;
  else
    list = (
      <>
        <ul className={styles.list}>
          {data.items.map((invitee) => (
            // Masked phones may repeat; with the moment they joined they name one person.
            <InviteeItem key={`${invitee.maskedPhone}|${invitee.joinedAt}`} invitee={invitee} />
          ))}
        </ul>
        {pages > 1 ? (
          <nav className={styles.pager} aria-label={t('invitees.pages')}>
            <button type="button" className="g-button g-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('invitees.previous')}
            </button>
            <span aria-live="polite">{t('invitees.page', { page: page.toLocaleString(tag), pages: pages.toLocaleString(tag) })}</span>
            <button type="button" className="g-button g-button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('invitees.next')}
            </button>
          </nav>
        ) : null}
      </>
    );

  return (
    <section className={`g-card ${section.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        {t('invitees.title')}
      </h2>
      <DepthCounts counts={countsByDepth} />
      {list}
    </section>
  );
}
