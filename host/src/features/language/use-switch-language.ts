import { COMMON_NS, changeLanguage, confirmDialog, i18n, type LanguageKey, languageAtom, languageByKey, loadLanguage, store, userInfoAtom } from '@grab/shared';
import { useCallback } from 'react';

/**
 * SPEC §5: a language whose currency differs from the account's asks first, in the language chosen:
 * an earner who picks Urdu may read no English (its texts are loaded for the switch anyway; offline,
 * the question stays in the page's language). Amounts and payouts stay
 * in the account's currency (its phone country's) whatever the language, and the question says so,
 * so that nobody switches to Urdu expecting to be paid in Pakistani rupees. A switch between two
 * languages of the same currency (English to Spanish, both dollars) asks nothing new and goes ahead.
 */
export function useSwitchLanguage() {
  return useCallback(async (key: LanguageKey): Promise<boolean> => {
    const target = languageByKey(key);
    const account = store.get(userInfoAtom);
    const page = languageByKey(store.get(languageAtom));
    if (account && account.currency !== target.currency && page.currency !== target.currency) {
      const asked = await loadLanguage(key).then(
        () => target,
        () => page,
      );
      const say = (text: string, ns: string, values: Record<string, unknown> = {}) => i18n.t(text, { ...values, ns, lng: asked.tag });
      const ok = await confirmDialog({
        title: say('language.confirmKeepTitle', 'host', { language: target.name }),
        message: say('language.confirmKeepText', 'host', { language: target.name, currency: target.currency, accountCurrency: account.currency }),
        confirmLabel: say('language.confirm', 'host'),
        cancelLabel: say('common.cancel', COMMON_NS),
        lang: asked.tag,
        dir: asked.dir,
      });
      if (!ok) return false;
    }
    await changeLanguage(key);
    return true;
  }, []);
}
