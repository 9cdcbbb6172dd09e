import { changeLanguage, confirmDialog, type LanguageKey, languageAtom, languageByKey, store, userInfoAtom, useT } from '@grab/shared';
import { useCallback } from 'react';

/**
 * SPEC §5: a language whose currency differs from the account's asks first, because the worth of
 * the points is then shown in another currency than the one the earner is paid in. The account's
 * currency is the phone country's, so an Indian earner reading English already sees dollars: Spanish
 * shows them too, and asking "dollars instead of dollars?" would say nothing.
 */
export function useSwitchLanguage() {
  const { t } = useT('host');
  const common = useT();
  return useCallback(
    async (key: LanguageKey): Promise<boolean> => {
      const target = languageByKey(key);
      const account = store.get(userInfoAtom);
      const shown = languageByKey(store.get(languageAtom)).currency;
      if (account && account.currency !== target.currency && shown !== target.currency) {
        // Says what really happens: only the shown worth changes; points and payouts stay as they are.
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
