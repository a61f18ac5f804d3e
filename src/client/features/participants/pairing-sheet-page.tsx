// The printable pairing sheet of a project (docs/subjects.md, "Pairing sheet"): the subjects selected on the list
// (`?logins=a,b`) or all that match its filters (`?match=` the list's query, up to 500), an app, and one request
// that makes a pairing link per subject; each is shown as a QR code card with the subject's ids and the expiry,
// laid out for A4 paper (participants.css, print rules).
import { useMemo, useState, type ReactNode } from 'react';
import { Checkbox } from '../../components/form';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { qrToSvg } from '../../lib/qr';
import { useResource } from '../../lib/resource-react';
import { Link, useLocation } from '../../lib/router-react';
import { fetchPairableClients, makePairingSheet, matchingLogins, type PairingSheetEntry } from './participants-api';

export const MAX_SHEET_SUBJECTS = 500;

function SheetCard({ entry, expiresLabel }: { entry: PairingSheetEntry; expiresLabel: string }): ReactNode {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrToSvg(entry.tokenUrl, { size: 200, ecLevel: 'M' }))}`, [entry.tokenUrl]);
  return (
    <li className="pairing-sheet__card">
      <img src={src} alt={entry.externalId ?? entry.login} width={200} height={200} data-token-url={entry.tokenUrl} />
      <strong className="pairing-sheet__id">{entry.externalId ?? entry.login}</strong>
      <span className="pairing-sheet__login">{entry.login}</span>
      <span className="pairing-sheet__expiry">{expiresLabel}</span>
    </li>
  );
}

export function PairingSheetPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const { query } = useLocation();
  const projectName = params.projectName;
  const label = (key: string, values?: Record<string, string | number>) => t(`managementPortalApp.participants.sheet.${key}`, values);
  const subjects = useResource(['pairing-sheet-subjects', projectName, query.logins ?? '', query.match ?? ''], async (signal) => {
    if (query.logins) return query.logins.split(',').filter(Boolean).slice(0, MAX_SHEET_SUBJECTS);
    const match = query.match ? (JSON.parse(query.match) as Record<string, string>) : {};
    return matchingLogins(http, projectName, match, MAX_SHEET_SUBJECTS, signal);
  });
  const clients = useResource(['pairable-clients'], (signal) => fetchPairableClients(http, signal));
  const [clientId, setClientId] = useState('');
  const [persistent, setPersistent] = useState(false);
  const [sheet, setSheet] = useState<PairingSheetEntry[]>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = clientId || clients.data?.[0]?.clientId || '';
  const logins = subjects.data ?? [];

  const create = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setSheet(await makePairingSheet(http, projectName, chosen, logins, persistent));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="entity-page pairing-sheet">
      <header className="entity-page__header pairing-sheet__controls">
        <h1 className="entity-page__title">{label('title', { project: projectName })}</h1>
        <Link className="button button--secondary" to={pathOf('project', projectName)}>{label('back')}</Link>
      </header>
      {subjects.error !== undefined && <LoadError error={subjects.error} onRetry={subjects.retry} />}
      {clients.error !== undefined && <LoadError error={clients.error} onRetry={clients.retry} />}
      <div className="pairing-sheet__controls pairing-sheet__form">
        <p role="status">{label('count', { count: logins.length })}</p>
        <label className="field__label" htmlFor="sheet-client">{label('app')}</label>
        <select id="sheet-client" className="field__input" value={chosen} onChange={(e) => setClientId(e.target.value)}>
          {(clients.data ?? []).map((c) => <option key={c.clientId} value={c.clientId}>{c.clientId}</option>)}
        </select>
        <Checkbox label={label('persistent')} name="persistent" value={persistent} onChange={setPersistent} />
        <div className="participants-import__actions">
          <button type="button" className="button button--primary" disabled={busy || !chosen || logins.length === 0} onClick={() => void create()}>{label('create')}</button>
          {sheet && <button type="button" className="button button--secondary" onClick={() => window.print()}>{label('print')}</button>}
        </div>
        {failed && <p className="notice notice--error" role="alert">{label('failed')}</p>}
      </div>
      {sheet && (
        <ul className="pairing-sheet__cards" aria-label={label('cards')}>
          {sheet.map((entry) => (
            <SheetCard key={entry.tokenName} entry={entry} expiresLabel={label('expires', { time: formatDateTime(entry.timesOutAt) })} />
          ))}
        </ul>
      )}
    </section>
  );
}
