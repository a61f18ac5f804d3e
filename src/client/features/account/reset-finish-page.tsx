// Finishing a password reset from the mailed link `#/reset/finish?key=...`: without a key only
// the key-missing error shows; otherwise a new password with its confirmation, checked like on the password page,
// sent with the key. Success links to sign-in; any failure is the generic reset error.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useForm } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useLocation } from '../../lib/router-react';
import { InlineMessage } from './inline-message';
import { NewPasswordFields } from './new-password-fields';
import { EMPTY_PASSWORDS, isCommonPasswordRefusal, NEW_PASSWORD_RULES, refusePasswords, type PasswordRefusal } from './password-rules';
import { SignInLink } from './sign-in-link';

type Outcome = 'success' | 'error' | 'common' | PasswordRefusal;

const MESSAGES: Record<Outcome, string> = {
  success: 'reset.finish.messages.success',
  error: 'reset.finish.messages.error',
  dontmatch: 'reset.finish.messages.dontmatch',
  weak: 'password.messages.weak',
  common: 'password.messages.common',
};

export function ResetFinishPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const key = useLocation().query.key ?? '';
  const form = useForm({ initial: EMPTY_PASSWORDS, rules: NEW_PASSWORD_RULES });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const refusal = refusePasswords(form.values);
    if (refusal) {
      setOutcome(refusal);
      return;
    }
    let common = false;
    const saved = await form.submit(async (values) => {
      try {
        await http.post('api/account/reset_password/finish', { body: { key, newPassword: values.newPassword }, silent: true });
      } catch (error) {
        common = isCommonPasswordRefusal(error);
        throw error;
      }
    });
    setOutcome(saved ? 'success' : common ? 'common' : 'error');
  };

  let content: ReactNode;
  if (!key) {
    content = <InlineMessage tone="danger">{t('reset.finish.messages.keymissing')}</InlineMessage>;
  } else if (outcome === 'success') {
    content = (
      <InlineMessage tone="success">
        {t(MESSAGES.success)} <SignInLink />
      </InlineMessage>
    );
  } else {
    content = (
      <>
        {outcome ? (
          <InlineMessage tone="danger">{t(MESSAGES[outcome])}</InlineMessage>
        ) : (
          <InlineMessage tone="info">{t('reset.finish.messages.info')}</InlineMessage>
        )}
        <form className="account-page__form" noValidate onSubmit={(event) => void submit(event)}>
          <NewPasswordFields form={form} />
          <div>
            <button type="submit" className="button button--primary" disabled={!form.valid || form.saving}>
              {t('reset.finish.form.button')}
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <section className="account-page">
      <h1>{t('reset.finish.title')}</h1>
      {content}
    </section>
  );
}
