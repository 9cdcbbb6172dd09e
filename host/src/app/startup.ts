import { callMain, type CommonConfig, commonConfig, configAtom, store } from '@grab/shared';
import { afterLoad, loadAdPixel } from './ad-pixel/ad-pixel';

export const DEFAULT_TITLE = 'Grab';

export function applyTitle(config: Pick<CommonConfig, 'title'> | null) {
  document.title = config?.title.trim() || DEFAULT_TITLE;
}

/**
 * The public config sets the document title (SPEC §2, default 'Grab') and decides whether the ad
 * pixel loads. It is not awaited before the first render: a slow answer only delays the title.
 */
export function loadCommonConfig() {
  applyTitle(null);
  callMain(commonConfig).then(
    (config) => {
      if (!config) return;
      store.set(configAtom, config);
      applyTitle(config);
      afterLoad(() => loadAdPixel(config.fbId));
    },
    () => undefined,
  );
}
