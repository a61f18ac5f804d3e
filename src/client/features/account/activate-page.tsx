// Account activation from a mailed link `#/activate?key=...`: GET api/activate once per key, then a
// success message with a sign-in link, or the activation error. No key is an error without asking the server.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useLocation } from '../../lib/router-react';
import { InlineMessage } from './inline-message';
import { SignInLink } from './sign-in-link';

type Outcome = 'pending' | 'success' | 'error';

export function ActivatePage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const key = useLocation().query.key ?? '';
  const [outcome, setOutcome] = useState<Outcome>(key ? 'pending' : 'error');
  // A key works once: the request is kept per key so a re-run effect (StrictMode, re-render) never sends it twice.
  const request = useRef<{ key: string; done: Promise<boolean> } | null>(null);

  useEffect(() => {
    if (!key) {
      setOutcome('error');
      return;
    }
    if (request.current?.key !== key) {
      const done = http.get('api/activate', { query: { key }, silent: true }).then(() => true, () => false);
      request.current = { key, done };
    }
    setOutcome('pending');
    let live = true;
    void request.current.done.then((activated) => live && setOutcome(activated ? 'success' : 'error'));
    return () => {
      live = false;
    };
  }, [http, key]);

  return (
    <section className="account-page">
      <h1>{t('activate.title')}</h1>
      {outcome === 'pending' && <p className="loading">{t('global.loading')}</p>}
      {outcome === 'success' && (
        <InlineMessage tone="success">
          {t('activate.messages.success')} <SignInLink />
        </InlineMessage>
      )}
      {outcome === 'error' && <InlineMessage tone="danger">{t('activate.messages.error')}</InlineMessage>}
    </section>
  );
}
