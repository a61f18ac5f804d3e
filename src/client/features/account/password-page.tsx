// Changing one's own password: new password with its strength bar and a confirmation. The success
// and error flags are cleared at each submit; a mismatch or a weak password is refused before anything is sent.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useForm } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { selectAccount } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { InlineMessage } from './inline-message';
import { NewPasswordFields } from './new-password-fields';
import { EMPTY_PASSWORDS, isCommonPasswordRefusal, NEW_PASSWORD_RULES, refusePasswords, type PasswordRefusal } from './password-rules';

type Outcome = 'success' | 'error' | 'common' | PasswordRefusal;

const MESSAGES: Record<Outcome, string> = {
  success: 'password.messages.success',
  error: 'password.messages.error',
  dontmatch: 'password.messages.dontmatch',
  weak: 'password.messages.weak',
  common: 'password.messages.common',
};

export function PasswordPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const account = useSessionState(selectAccount);
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
    // Silent: this page says what went wrong itself.
    let common = false;
    const saved = await form.submit(async (values) => {
      try {
        await http.post('api/account/change_password', { body: values.newPassword, text: true, silent: true });
      } catch (error) {
        common = isCommonPasswordRefusal(error);
        throw error;
      }
    });
    setOutcome(saved ? 'success' : common ? 'common' : 'error');
    if (saved) form.reset();
  };

  return (
    <section className="account-page">
      <h1>{t('password.heading', { username: account?.login ?? '' })}</h1>
      {outcome && <InlineMessage tone={outcome === 'success' ? 'success' : 'danger'}>{t(MESSAGES[outcome])}</InlineMessage>}
      <form className="account-page__form" noValidate onSubmit={(event) => void submit(event)}>
        <NewPasswordFields form={form} />
        <div>
          <button type="submit" className="button button--primary" disabled={!form.valid || form.saving}>
            {t('password.form.button')}
          </button>
        </div>
      </form>
    </section>
  );
}
