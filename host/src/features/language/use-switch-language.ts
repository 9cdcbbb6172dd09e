import { changeLanguage, confirmDialog, type LanguageKey, languageAtom, languageByKey, store, userInfoAtom, useT } from '@grab/shared';
import { useCallback } from 'react';

/**
 * SPEC §5: a language whose currency differs from the account's asks first, because the worth of
 * the points is then shown in another currency than the one the earner is paid in.
 */
export function useSwitchLanguage() {
  const { t } = useT('host');
  const common = useT();
  return useCallback(
    async (key: LanguageKey): Promise<boolean> => {
      const target = languageByKey(key);
      const account = store.get(userInfoAtom);
      if (account && account.currency !== target.currency) {
        // Says what really happens: only the shown worth changes; points and payouts stay as they are.
        const shown = languageByKey(store.get(languageAtom)).currency;
        const ok = await confirmDialog({
          title: t('language.confirmShowTitle', { currency: target.currency }),
          message: t('language.confirmShowText', { language: target.name, currency: target.currency, current: shown, accountCurrency: account.currency }),
          confirmLabel: t('language.confirm'),
          cancelLabel: common.t('common.cancel'),
        });
        if (!ok) return false;
      }
      await changeLanguage(key);
      return true;
    },
    [t, common.t],
  );
}
