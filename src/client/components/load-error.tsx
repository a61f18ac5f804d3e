// What a screen shows in place of data it could not load: why (no answer, or the status the server answered) and a
// button that tries again. Never an empty list: an empty list would say "there is nothing", which is not known.
import type { ReactNode } from 'react';
import { isApiError, isNetworkError } from '../lib/http-errors';
import { useT } from '../lib/i18n-react';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Replaces the generic message (e.g. "The revision could not be loaded."). */
  message?: ReactNode;
}

export function LoadError({ error, onRetry, message }: LoadErrorProps): ReactNode {
  const t = useT();
  const text =
    message ??
    (isNetworkError(error)
      ? t('global.loadError.network')
      : isApiError(error)
        ? t('global.loadError.status', { status: error.status })
        : t('global.loadError.failed'));
  return (
    <div className="load-error">
      <p className="load-error__message" role="alert">
        {text}
      </p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('global.loadError.retry')}
      </button>
    </div>
  );
}
