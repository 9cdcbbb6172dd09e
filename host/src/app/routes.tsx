import { Navigate, PATHS, Route, Routes } from '@grab/shared';
import { type ReactNode, Suspense } from 'react';
import { RequireSession } from './guard/require-session';
import { safeRedirectTarget } from './guard/redirect';
import { TabLayout } from './layout/tab-layout';
import {
  AccountPage,
  ChangePasswordPage,
  LanguagePage,
  LanguageSelect,
  LoginPage,
  NotFoundPage,
  RegisterPage,
} from './pages';
import { HomePrompts } from './prompts/home-prompts';
import { markJoinGroupPromptDue } from './prompts/prompt-flags';
import { RemoteLoading } from './remotes/remote-section';
import { RemoteBalanceCard, RemoteEarningsPage, RemoteOffersPage, RemoteWithdrawalOrdersPage, RemoteWithdrawalPage } from './remotes/remote-wallet.loader';
import {
  RemoteAuditTask,
  RemoteJoinGroupTask,
  RemoteMessagingNumber,
  RemoteOnlineTime,
  RemoteShareTask,
  RemoteTaskDetail,
  RemoteTaskHall,
} from './remotes/remote-tasks.loader';
import { RemoteLuckyDrawPage } from './remotes/remote-draw.loader';
import { RemoteLevelPage, RemoteTeamPage } from './remotes/remote-team.loader';

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RemoteLoading />}>{children}</Suspense>;
}

/** A full-screen host page: its content is the document's main landmark, as the tab layout's content is. */
function Page({ children }: { children: ReactNode }) {
  return (
    <main>
      <Loading>{children}</Loading>
    </main>
  );
}

const languageChooser = (
  <Suspense fallback={null}>
    <LanguageSelect />
  </Suspense>
);

/** SPEC §2's route table. The host owns it: URLs are a product contract. */
export function AppRoutes() {
  return (
    <RequireSession>
      <Routes>
        <Route path={PATHS.root} element={<Navigate to={PATHS.home} replace />} />
        <Route
          element={
            <TabLayout
              home={
                <>
                  <RemoteTaskHall />
                  <HomePrompts />
                </>
              }
              user={
                <Loading>
                  <AccountPage balanceCard={<RemoteBalanceCard />} />
                </Loading>
              }
            />
          }
        >
          <Route path={PATHS.home} element={null} />
          <Route path={PATHS.user} element={null} />
          <Route path={PATHS.team} element={<RemoteTeamPage />} />
        </Route>
        <Route
          path={PATHS.loginPage}
          element={
            <Page>
              <LoginPage languageChooser={languageChooser} redirectTarget={(raw) => safeRedirectTarget(raw)} />
            </Page>
          }
        />
        <Route
          path={PATHS.register}
          element={
            <Page>
              <RegisterPage languageChooser={languageChooser} onRegistered={markJoinGroupPromptDue} />
            </Page>
          }
        />
        <Route
          path={PATHS.changePassword}
          element={
            <Page>
              <ChangePasswordPage />
            </Page>
          }
        />
        <Route
          path={PATHS.language}
          element={
            <Page>
              <LanguagePage />
            </Page>
          }
        />
        <Route path={PATHS.taskDetail} element={<RemoteTaskDetail />} />
        <Route path={PATHS.joinTgTask} element={<RemoteJoinGroupTask />} />
        <Route path={PATHS.shareTask} element={<RemoteShareTask />} />
        <Route path={PATHS.auditTask} element={<RemoteAuditTask />} />
        <Route path={PATHS.wsTask} element={<RemoteMessagingNumber />} />
        <Route path={PATHS.hangTask} element={<RemoteOnlineTime />} />
        <Route path={PATHS.withdrawal} element={<RemoteWithdrawalPage />} />
        <Route path={PATHS.withdrawalOrders} element={<RemoteWithdrawalOrdersPage />} />
        <Route path={PATHS.earningsDetails} element={<RemoteEarningsPage />} />
        <Route path={PATHS.offers} element={<RemoteOffersPage />} />
        <Route path={PATHS.userLevel} element={<RemoteLevelPage />} />
        <Route path={PATHS.luckyDraw} element={<RemoteLuckyDrawPage />} />
        <Route
          path="*"
          element={
            <Page>
              <NotFoundPage />
            </Page>
          }
        />
      </Routes>
    </RequireSession>
  );
}
