// Asking for a password reset by e-mail: required, a valid address, 5-100 characters. A 400
// means the address is not registered; any other failure is the generic error. On success the form gives way to
// "check your e-mail".
import { useState, type FormEvent, type ReactNode } from 'react';
import type { RuleSet } from '../../../common/validation';
import type { PageProps } from '../../components/popup/popup-types';
import { TextField, useForm } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { isApiError } from '../../lib/http';
import { useT } from '../../lib/i18n-react';
import { InlineMessage } from './inline-message';

const RESET_REQUEST_RULES: RuleSet = {
  objectName: 'resetRequest',
  fields: { email: { required: true, email: true, minLength: 5, maxLength: 100 } },
};

type Outcome = 'success' | 'notfound' | 'error';

export function ResetRequestPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const form = useForm({ initial: { email: '' }, rules: RESET_REQUEST_RULES });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    let failure: unknown;
    const sent = await form.submit(async (values) => {
      try {
        await http.post('api/account/reset_password/init', { body: values.email.trim(), text: true, silent: true });
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (sent) setOutcome('success');
    else setOutcome(isApiError(failure) && failure.status === 400 ? 'notfound' : 'error');
  };

  return (
    <section className="account-page">
      <h1>{t('reset.request.title')}</h1>
      {outcome === 'success' ? (
        <InlineMessage tone="success">{t('reset.request.messages.success')}</InlineMessage>
      ) : (
        <>
          {outcome === null && <InlineMessage tone="info">{t('reset.request.messages.info')}</InlineMessage>}
          {outcome === 'notfound' && <InlineMessage tone="danger">{t('reset.request.messages.notfound')}</InlineMessage>}
          {outcome === 'error' && <InlineMessage tone="danger">{t('reset.request.messages.error')}</InlineMessage>}
          <form className="account-page__form" noValidate onSubmit={(event) => void submit(event)}>
            <TextField
              type="email"
              label={t('reset.request.form.email')}
              placeholder={t('reset.request.form.emailPlaceholder')}
              autoComplete="email"
              required
              {...form.field('email')}
            />
            <div>
              <button type="submit" className="button button--primary" disabled={!form.valid || form.saving}>
                {t('reset.request.form.button')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
