import { changeLanguage, confirmDialog, type LanguageKey, languageByKey, store, userInfoAtom, useT } from '@grab/shared';
import { useCallback } from 'react';

/**
 * SPEC §5: a language whose currency differs from the account's asks first, because amounts would
 * then be shown in another currency than the one the earner is paid in.
 */
export function useSwitchLanguage() {
  const { t } = useT('host');
  const common = useT();
  return useCallback(
    async (key: LanguageKey): Promise<boolean> => {
      const target = languageByKey(key);
      const account = store.get(userInfoAtom);
      if (account && account.currency !== target.currency) {
        const ok = await confirmDialog({
          title: t('language.confirmTitle'),
          message: t('language.confirmText', { language: target.name, currency: target.currency, accountCurrency: account.currency }),
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
