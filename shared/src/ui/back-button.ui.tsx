import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/i18n';

/**
 * "← Back" on standalone pages. A page opened straight from a link has no history entry inside
 * Grab to return to: then it goes to `fallback` instead of leaving the app.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const { t } = useT();
  function back() {
    if (window.history.state && window.history.state.idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }
  return (
    <button type="button" className="g-back" onClick={back}>
      <span aria-hidden="true" className="g-back-arrow">
        ←
      </span>
      {t('common.back')}
    </button>
  );
}
