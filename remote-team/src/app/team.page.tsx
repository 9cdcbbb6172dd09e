/// <reference types="@rsbuild/core/types" />
import { Link, LoadFailed, LoadingBlocks, PATHS, shareInfoQuery, useQuery, useT } from '@grab/shared';
import { InviteCard } from '../features/invite/invite-card';
import { Invitees } from '../features/invitees/invitees';
import { LevelUpNotice } from '../features/levels/level-up-notice';
import { AgentReport } from '../features/report/agent-report';
import { InvitationData } from '../features/team-data/invitation-data';
import { RebateRates } from '../features/team-data/rebate-rates';
import { registerTeamLocales, TEAM_NS } from '../locales/team.locales';
import styles from './team.page.module.css';

registerTeamLocales();

/** The /team tab (remote_team/TeamPage): invite, the invitation data, the invitees and the agent report. */
export default function TeamPage() {
  const { t, ready } = useT(TEAM_NS);
  // The host may have asked already while this remote downloaded (preload): the cache has it then.
  const { data, isError, refetch } = useQuery(shareInfoQuery());

  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if (!ready || (!data && !isError)) {
    return (
      <div className="g-page">
        <LoadingBlocks blockSize="16rem" />
      </div>
    );
  }

  if (!data) {
    return (
      <div className="g-page">
        <h1 className={styles.title}>{t('title')}</h1>
        <LoadFailed message={t('error')} onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <div className="g-page">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <LevelUpNotice />
      <InviteCard inviteCode={data.inviteCode} shareLink={data.shareLink} />
      <InvitationData info={data} />
      <Link to={PATHS.userLevel} className={`g-button g-button--secondary ${styles.levelsLink}`}>
        {t('levelsLink')}
      </Link>
      <Invitees countsByDepth={data.countsByDepth} />
      <AgentReport />
      <RebateRates rebateBps={data.rebateBps} />
    </div>
  );
}
