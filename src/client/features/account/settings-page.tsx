// The signed-in user's own settings: first and last name, e-mail and language. Saving posts
// the account with the edited fields, shows the outcome above the form, switches the interface language when the
// chosen one is an interface language other than the current, and then re-reads the account.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { ACCOUNT_RULES } from '../../../common/validation';
import type { PageProps } from '../../components/popup/popup-types';
import { Select, TextField, useForm } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { alertText, type AlertInit } from '../../lib/alerts';
import { alertForHttpError } from '../../lib/http-error-alerts';
import { useI18n, useLanguage, useT } from '../../lib/i18n-react';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../lib/language-names';
import { toInterfaceLanguage } from '../../lib/languages';
import { selectAccount } from '../../lib/session-store';
import { useSession, useSessionState } from '../../lib/session-react';
import { InlineMessage } from './inline-message';
import { TwoFactorSection } from './two-factor-section';
import { SessionsSection } from './sessions-section';

interface SettingsValues extends Record<string, unknown> {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
}

const fromAccount = (account: UserDTO | null): SettingsValues => ({
  login: account?.login ?? '',
  firstName: account?.firstName ?? '',
  lastName: account?.lastName ?? '',
  email: account?.email ?? '',
  langKey: account?.langKey ?? 'en',
});

type Outcome = { saved: true } | { saved: false; reason?: AlertInit };

// Only the fields on screen are checked: the login is not one of them (the account's own is sent), and without an
// account it is empty, where Save must still fail with "account not provided" rather than stay disabled.
const { login: _notEdited, ...editableFields } = ACCOUNT_RULES.fields;
const SETTINGS_RULES = { ...ACCOUNT_RULES, fields: editableFields };

export function SettingsPage(_props: PageProps): ReactNode {
  const t = useT();
  const account = useSessionState(selectAccount);
  // Keyed by login: another account means other values, while a refresh of the same account keeps the edits.
  return (
    <section className="account-page">
      <h1>{t('settings.heading', { username: account?.login ?? '' })}</h1>
      <SettingsForm key={account?.login ?? ''} account={account} />
      {account && <TwoFactorSection key={`two-factor:${account.login}`} />}
      {account && <SessionsSection />}
    </section>
  );
}

function SettingsForm({ account }: { account: UserDTO | null }): ReactNode {
  const t = useT();
  const i18n = useI18n();
  const http = useHttp();
  const session = useSession();
  const [language, setLanguage] = useLanguage();
  const form = useForm({ initial: fromAccount(account), rules: SETTINGS_RULES });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const languages = useMemo(() => LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    // Without an account saving fails at once with "account not provided", and nothing is sent.
    if (!account) {
      setOutcome({ saved: false, reason: { type: 'error', key: 'settings.messages.accountNotProvided' } });
      return;
    }
    let failure: unknown;
    const saved = await form.submit(async (values) => {
      try {
        await http.post('api/account', { body: { ...account, ...values, login: account.login }, silent: true });
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (!saved) {
      setOutcome({ saved: false, reason: alertForHttpError(failure)[0] });
      return;
    }
    setOutcome({ saved: true });
    const chosen = toInterfaceLanguage(form.values.langKey);
    if (chosen && chosen !== language) await setLanguage(chosen);
    await session.reset();
  };

  return (
    <>
      {outcome?.saved && <InlineMessage tone="success">{t('settings.messages.success')}</InlineMessage>}
      {outcome && !outcome.saved && (
        <InlineMessage tone="danger">
          {t('settings.messages.error')}
          {outcome.reason && ` ${alertText(i18n, outcome.reason)}`}
        </InlineMessage>
      )}
      <form className="account-page__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label={t('settings.form.firstName')} placeholder={t('settings.form.firstNamePlaceholder')} autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label={t('settings.form.lastName')} placeholder={t('settings.form.lastNamePlaceholder')} autoComplete="family-name" required {...form.field('lastName')} />
        <TextField type="email" label={t('settings.form.email')} placeholder={t('settings.form.emailPlaceholder')} autoComplete="email" required {...form.field('email')} />
        <Select label={t('settings.form.language')} options={languages} {...form.field('langKey')} />
        <div>
          <button type="submit" className="button button--primary" disabled={!form.valid || form.saving}>
            {t('settings.form.button')}
          </button>
        </div>
      </form>
    </>
  );
}
