import * as shared from '@grab/shared';
import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { REACT_RANGE } from '../../../../tools/mf/federation';
import type { FederationRuntime } from './remote-registry';

/**
 * The Module Federation runtime, in its own chunk: only a screen that shows a remote downloads it,
 * so /login and the host's own pages start without it (~28 KB brotli less on the first load).
 *
 * The host hands the remotes its own modules as the singletons of the share scope (the remotes'
 * `tools/mf/federation.ts` ranges), so there is ONE React, one `@grab/shared` (router context,
 * jotai store, i18n instance) on the page, whichever remote loads first.
 */

// Remotes are built with `externalRuntime`: they take the runtime core from this global instead of
// carrying their own copy. Set before any remoteEntry.js runs.
const globalRef = runtimeCore.Global as Record<string, unknown>;
globalRef._FEDERATION_RUNTIME_CORE ??= runtimeCore;
globalRef._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'host', version: 'grab' };

function singleton<T>(version: string, lib: () => T, requiredVersion: string | false = REACT_RANGE) {
  return { version, lib, shareConfig: { singleton: true, requiredVersion } };
}

const instance = createInstance({
  name: 'host',
  remotes: [],
  // The host's copies are registered as loaded, so remotes borrow them instead of their fallbacks.
  shareStrategy: 'loaded-first',
  shared: {
    react: singleton(React.version, () => React),
    'react/jsx-runtime': singleton(React.version, () => JsxRuntime),
    'react-dom': singleton(ReactDOM.version, () => ReactDOM),
    'react-dom/client': singleton(ReactDOM.version, () => ReactDOMClient),
    // A workspace package built from the same tree as every remote: any version is accepted.
    '@grab/shared': singleton('0.1.0', () => shared, false),
  },
});

export const runtime: FederationRuntime = {
  registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
  loadRemote: (id) => instance.loadRemote(id),
};
