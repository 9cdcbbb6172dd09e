import { type AuthProvider, Refine } from '@refinedev/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { dataProvider } from '../api/data-provider';
import { consoleQueryClient } from '../api/query-client';

/** A success answer in the API's envelope, as a screen's stubbed `fetch` returns it. */
export const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });

/** Renders `ui` inside the console's Refine with its real data provider and query cache (one of its own). */
export function renderInConsole(ui: ReactNode, { authProvider }: { authProvider?: AuthProvider } = {}) {
  const queryClient = consoleQueryClient();
  return render(
    <Refine dataProvider={dataProvider} authProvider={authProvider} options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}>
      {ui}
    </Refine>,
  );
}
