import { changeLanguage, confirmDialog, type LanguageKey, languageAtom, languageByKey, store, userInfoAtom, useT } from '@grab/shared';
import { useCallback } from 'react';

/**
 * SPEC §5: a language whose currency differs from the account's asks first. Amounts and payouts stay
 * in the account's currency (its phone country's) whatever the language, and the question says so,
 * so that nobody switches to Urdu expecting to be paid in Pakistani rupees. A switch between two
 * languages of the same currency (English to Spanish, both dollars) asks nothing new and goes ahead.
 */
export function useSwitchLanguage() {
  const { t } = useT('host');
  const common = useT();
  return useCallback(
    async (key: LanguageKey): Promise<boolean> => {
      const target = languageByKey(key);
      const account = store.get(userInfoAtom);
      const current = languageByKey(store.get(languageAtom)).currency;
      if (account && account.currency !== target.currency && current !== target.currency) {
        const ok = await confirmDialog({
          title: t('language.confirmKeepTitle', { language: target.name }),
          message: t('language.confirmKeepText', { language: target.name, currency: target.currency, accountCurrency: account.currency }),
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
