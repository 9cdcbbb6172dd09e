import type { CommonConfig } from '@grab/shared/contracts';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { WELCOME_BONUS } from '../auth/auth.service';
import { settingsDefaults, settingsOf } from './operator-settings.repository';

/**
 * What every visitor may know (SPEC §2): the title, the ad pixel, the welcome bonus. Answered by
 * `/public/commonConfig` and embedded in each page the server sends. Read each time: the operator's
 * title and pixel apply from the next page load, in every process.
 */
export function publicConfigOf(db: Executor, config: Config): () => Promise<CommonConfig> {
  const defaults = settingsDefaults(config);
  return async () => {
    const settings = await settingsOf(db, defaults);
    return { title: settings.title, fbId: settings.fbPixelId, welcomeBonus: WELCOME_BONUS, supportUrl: null };
  };
}
