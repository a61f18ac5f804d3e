// The settings page's two-factor section (docs/users.md, "Two-factor sign-in"): enrol (QR code drawn by lib/qr, the
// key as text, a link with the otpauth:// URI for an authenticator on the same phone, then the first code), the ten
// recovery codes shown once after confirming, and disabling with a current code or a recovery code.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { alertText } from '../../lib/alerts';
import { alertForHttpError } from '../../lib/http-error-alerts';
import { useI18n, useT } from '../../lib/i18n-react';
import { qrToSvg } from '../../lib/qr';
import { InlineMessage } from './inline-message';

interface Status {
  enabled: boolean;
  recoveryCodesLeft: number;
}

interface Enrolment {
  secret: string;
  uri: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'status'; status: Status }
  | { kind: 'enrol'; enrolment: Enrolment }
  | { kind: 'recovery'; codes: string[] };

const QR_SIZE = 200;

function QrImage({ uri, alt }: { uri: string; alt: string }): ReactNode {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrToSvg(uri, { size: QR_SIZE, margin: 8 }))}`, [uri]);
  return <img className="two-factor__qr" src={src} alt={alt} width={QR_SIZE} height={QR_SIZE} />;
}

export function TwoFactorSection(): ReactNode {
  const t = useT();
  const i18n = useI18n();
  const http = useHttp();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const load = async () => {
    try {
      const answer = await http.get<Status>('api/account/two-factor', { silent: true });
      setView({ kind: 'status', status: answer.data });
    } catch (error) {
      const [alert] = alertForHttpError(error);
      setMessage({ tone: 'danger', text: alert ? alertText(i18n, alert) : '' });
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per mount
  }, []);

  /** Runs one request; a failure is shown in the section (e.g. a wrong code) and keeps the view. */
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      const [alert] = alertForHttpError(error);
      setMessage({ tone: 'danger', text: alert ? alertText(i18n, alert) : '' });
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    attempt(async () => {
      const answer = await http.post<Enrolment>('api/account/two-factor/enrol', { silent: true });
      setCode('');
      setView({ kind: 'enrol', enrolment: answer.data });
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const answer = await http.post<{ recoveryCodes: string[] }>('api/account/two-factor/confirm', { body: { code: code.trim() }, silent: true });
      setCode('');
      setMessage({ tone: 'success', text: t('twoFactor.settings.confirmed') });
      setView({ kind: 'recovery', codes: answer.data.recoveryCodes });
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      await http.post('api/account/two-factor/disable', { body: { code: code.trim() }, silent: true });
      setCode('');
      setMessage({ tone: 'success', text: t('twoFactor.settings.disabledDone') });
      setView({ kind: 'status', status: { enabled: false, recoveryCodesLeft: 0 } });
    });
  };

  const codeField = (label: string) => (
    <TextField
      label={label}
      name="two-factor-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
      maxLength={64}
      required
      value={code}
      onChange={setCode}
    />
  );

  return (
    <section className="two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('twoFactor.settings.title')}</h2>
      {message && <InlineMessage tone={message.tone}>{message.text}</InlineMessage>}
      {view.kind === 'status' && !view.status.enabled && (
        <>
          <p>{t('twoFactor.settings.disabled')}</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
            {t('twoFactor.settings.start')}
          </button>
        </>
      )}
      {view.kind === 'status' && view.status.enabled && (
        <form className="account-page__form" noValidate onSubmit={disable}>
          <p>{t('twoFactor.settings.enabled', { count: view.status.recoveryCodesLeft })}</p>
          {codeField(t('twoFactor.settings.disableCode'))}
          <div>
            <button type="submit" className="button button--danger" disabled={busy || !code.trim()}>
              {t('twoFactor.settings.disable')}
            </button>
          </div>
        </form>
      )}
      {view.kind === 'enrol' && (
        <form className="account-page__form" noValidate onSubmit={confirm}>
          <p>{t('twoFactor.settings.scan')}</p>
          <QrImage uri={view.enrolment.uri} alt={t('twoFactor.settings.qrLabel')} />
          <p>
            {t('twoFactor.enrol.secret')} <code className="two-factor__secret">{view.enrolment.secret}</code>
          </p>
          <p>
            <a href={view.enrolment.uri}>{t('twoFactor.enrol.openApp')}</a>
          </p>
          {codeField(t('twoFactor.settings.code'))}
          <div className="two-factor__actions">
            <button type="submit" className="button button--primary" disabled={busy || !code.trim()}>
              {t('twoFactor.settings.confirm')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void load()}>
              {t('twoFactor.settings.cancel')}
            </button>
          </div>
        </form>
      )}
      {view.kind === 'recovery' && (
        <>
          <p>{t('twoFactor.recovery.intro')}</p>
          <ul className="two-factor__codes">
            {view.codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={() => { setMessage(null); void load(); }}>
            {t('twoFactor.settings.done')}
          </button>
        </>
      )}
    </section>
  );
}
