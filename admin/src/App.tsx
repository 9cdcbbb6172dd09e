import { Refine, useGetIdentity, useIsAuthenticated, useLogout } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { LANDING, readAddress, type Screen, screensFor } from './access';
import { authProvider, type Operator } from './api/auth-provider';
import { whenSignedOut } from './api/client';
import { dataProvider } from './api/data-provider';
import { consoleQueryClient } from './api/query-client';
import { AuditLog } from './screens/AuditLog';
import { Configuration } from './screens/Configuration';
import { Earners } from './screens/Earners';
import { FraudFlags } from './screens/FraudFlags';
import { LoginScreen } from './screens/LoginScreen';
import { Offers } from './screens/Offers';
import { RedeemCodes } from './screens/RedeemCodes';
import { ReviewQueue } from './screens/ReviewQueue';
import { Tasks } from './screens/Tasks';
import { Withdrawals } from './screens/Withdrawals';
import { Phone } from './ui/phone';
import { useWaiting, useWaitingTitle, WaitingPill, waitingOn } from './ui/waiting';

const queryClient = consoleQueryClient();

const readHash = () => readAddress().screen;

function useHashScreen(): [string, (screen: Screen) => void] {
  const [screen, setScreen] = useState(readHash);
  useEffect(() => {
    const onChange = () => setScreen(readHash());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return [screen, (next) => (window.location.hash = `/${next}`)];
}

function Console() {
  const { data: identity } = useGetIdentity<Operator>();
  const { mutate: logout } = useLogout();
  const [hash, go] = useHashScreen();
  const waiting = useWaiting();
  useWaitingTitle(identity ? screensFor(identity.role).reduce((sum, s) => sum + waitingOn(s.id, waiting), 0) : 0);
  if (!identity) return <p className="loading">Loading…</p>;
  const screens = screensFor(identity.role);
  const current = screens.find((s) => s.id === hash) ?? screens.find((s) => s.id === LANDING[identity.role]) ?? screens[0];
  return (
    <div className="console">
      <nav aria-label="Screens">
        <strong className="brand">Grab console</strong>
        {screens.map((s) => {
          const count = waitingOn(s.id, waiting);
          return (
            <a key={s.id} href={`#/${s.id}`} aria-current={s.id === current?.id ? 'page' : undefined} onClick={() => go(s.id)}>
              {s.label}
              <WaitingPill count={count} />
            </a>
          );
        })}
        <span className="who">
          <Phone number={identity.phone} /> · {identity.role}
        </span>
        <button type="button" onClick={() => logout()}>
          Sign out
        </button>
      </nav>
      <main>
        {current?.id === 'reviews' && <ReviewQueue />}
        {current?.id === 'withdrawals' && <Withdrawals />}
        {current?.id === 'earners' && <Earners />}
        {current?.id === 'tasks' && <Tasks />}
        {current?.id === 'codes' && <RedeemCodes />}
        {current?.id === 'fraud' && <FraudFlags />}
        {current?.id === 'config' && <Configuration />}
        {current?.id === 'offers' && <Offers />}
        {current?.id === 'audit' && <AuditLog />}
      </main>
    </div>
  );
}

function Gate() {
  const { data, isLoading, refetch } = useIsAuthenticated();
  useEffect(() => whenSignedOut(() => void refetch()), [refetch]);
  if (isLoading) return <p className="loading">Loading…</p>;
  return data?.authenticated ? <Console /> : <LoginScreen />;
}

export function App() {
  return (
    <Refine dataProvider={dataProvider} authProvider={authProvider} options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}>
      <Gate />
    </Refine>
  );
}
