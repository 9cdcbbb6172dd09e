import { CommonConfig, callMain, commonConfig, configAtom, documentTitle, store } from '@grab/shared';
import { EMBEDDED_CONFIG_ID } from '@grab/shared/first-screens';
import { afterLoad, loadAdPixel } from './ad-pixel/ad-pixel';

export function applyTitle(config: Pick<CommonConfig, 'title'> | null) {
  document.title = documentTitle(config);
}

/**
 * The public config the server embedded in the page (a JSON data element, never run), or null when
 * the page has none or it does not fit the contract: a host served by a plain static server, an
 * edited page. The caller then asks for it.
 */
export function readEmbeddedConfig(doc: Document = document): CommonConfig | null {
  const text = doc.getElementById(EMBEDDED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = CommonConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function applyConfig(config: CommonConfig) {
  store.set(configAtom, config);
  applyTitle(config);
  afterLoad(() => loadAdPixel(config.fbId));
}

/**
 * The public config sets the document title (SPEC §2, default 'Grab') and decides whether the ad
 * pixel loads. The server embeds it in the page, so on slow data it costs no request; otherwise it
 * is asked for, not awaited before the first render: a slow answer only delays the title.
 */
export function loadCommonConfig(doc: Document = document) {
  const embedded = readEmbeddedConfig(doc);
  if (embedded) {
    applyConfig(embedded);
    return;
  }
  applyTitle(null);
  callMain(commonConfig).then(
    (config) => {
      if (config) applyConfig(config);
    },
    () => undefined,
  );
}
