import { CommonConfig, callMain, commonConfig, configAtom, documentTitle, store } from '@grab/shared';
import { EMBEDDED_CONFIG_ID } from '@grab/shared/first-screens';
import { afterLoad, loadAdPixel } from './ad-pixel/ad-pixel';
import { embeddedJson } from './embedded-data';

export function applyTitle(config: Pick<CommonConfig, 'title'> | null) {
  document.title = documentTitle(config);
}

/** The public config the server embedded in the page, or null when it has none that fits the contract. */
export function readEmbeddedConfig(doc: Document = document): CommonConfig | null {
  const parsed = CommonConfig.safeParse(embeddedJson(EMBEDDED_CONFIG_ID, doc));
  return parsed.success ? parsed.data : null;
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
