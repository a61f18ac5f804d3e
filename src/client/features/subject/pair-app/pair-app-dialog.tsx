// Pair an app with a subject (popup subject/{login}/pairApp): pick an app that allows
// dynamic registration, generate a token (or a persistent one, offered only when the project has a
// persistentTokenTimeout), then show its URL as a printable QR code with the details and how long it lasts.
import { useEffect, useState, type ReactNode } from 'react';
import { Select } from '../../../components/form';
import { durationText, formatDateTime, pairingTimeout } from '../../../components/format';
import { LoadError } from '../../../components/load-error';
import { Modal } from '../../../components/modal';
import type { PopupProps } from '../../../components/popup/popup-types';
import { useHttp } from '../../../components/services-react';
import { useT } from '../../../lib/i18n-react';
import { useResource } from '../../../lib/resource-react';
import { fetchPairableClients, fetchSubject } from './pair-api';
import { PairQrCode } from './pair-qr-code';
import { printPairing } from './print-pairing';
import { usePairToken } from './use-pair-token';

export function PairAppDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const { login } = params;
  // Without the subject the persistent option stays hidden.
  const subjectLoad = useResource(['subject', login], (signal) => fetchSubject(http, login, signal));
  const clientsLoad = useResource(['pairable-clients'], (signal) => fetchPairableClients(http, signal));
  const subject = subjectLoad.data;
  const clients = clientsLoad.data;
  const [clientId, setClientId] = useState('');
  const token = usePairToken(login);
  const label = (key: string, values?: Record<string, string>) => t(`managementPortalApp.subject.pairApp.${key}`, values);

  // A single app is chosen for the user.
  useEffect(() => {
    if (clients?.length === 1) setClientId(clients[0].clientId);
  }, [clients]);

  const info = token.info;
  const canPersist = subject?.project?.persistentTokenTimeout != null;
  const canGenerate = !!clientId && !token.busy;
  const rows: [string, string][] = info
    ? [[label('tokenName'), info.tokenName], [label('baseUrl'), info.baseUrl], [label('tokenUrl'), info.tokenUrl]]
    : [];
  const timeoutText = info && label('timeout', { duration: durationText(t, [pairingTimeout(info.timeout)]), time: formatDateTime(info.timesOutAt) });
  const footer = (
    <>
      {info && (
        <button type="button" className="button button--secondary" onClick={() => printPairing(label('title'), info, [...rows, ['', timeoutText ?? '']])}>
          {label('print')}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={close}>
        {t('entity.action.close')}
      </button>
    </>
  );

  return (
    <Modal title={label('title')} footer={footer} onClose={close} guardChanges={false}>
      {subject?.project && <p className="entity-form__context">{label('subject', { login, project: subject.project.projectName })}</p>}
      {subjectLoad.error !== undefined && <LoadError error={subjectLoad.error} onRetry={subjectLoad.retry} />}
      {clientsLoad.error !== undefined && <LoadError error={clientsLoad.error} onRetry={clientsLoad.retry} />}
      {clientsLoad.loading && <p>{t('global.loading')}</p>}
      {clients?.length === 0 && <p role="alert">{label('noClients')}</p>}
      {clients && clients.length > 0 && (
        <div className="pair-app__controls">
          <Select
            label={label('client')}
            name="clientId"
            value={clientId}
            onChange={setClientId}
            placeholder={label('selectClient')}
            options={clients.map((c) => ({ value: c.clientId, label: c.clientId }))}
          />
          <button type="button" className="button button--primary" disabled={!canGenerate} onClick={() => void token.generate(clientId, false)}>
            {label('generate')}
          </button>
          {canPersist && (
            <button type="button" className="button button--secondary" disabled={!canGenerate} onClick={() => void token.generate(clientId, true)}>
              {label('generatePersistent')}
            </button>
          )}
        </div>
      )}
      {info && (
        <div className="pair-app__result">
          <p>{label('scan')}</p>
          <PairQrCode url={info.tokenUrl} alt={info.tokenUrl} />
          <dl className="pair-app__details">
            {rows.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="pair-app__timeout">{timeoutText}</p>
        </div>
      )}
    </Modal>
  );
}
