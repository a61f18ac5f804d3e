// OAuth clients (spec 001 §2, system admins): every client with its lists collapsed behind show-more past 10 items,
// validities in whole days/hours/minutes/seconds, and edit/delete links that are disabled for protected clients.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ClientDetailsDTO } from '../../../common/dto';
import { DataTable, type Column } from '../../components/data-table';
import { durationText, tokenValidity } from '../../components/format';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp, useListModification } from '../../components/services-react';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { CLIENT_LIST_EVENT, fetchClients } from './client-api';
import { isProtectedClient } from './client-form-model';
import { OAuthClientActions } from './oauth-client-actions';

export function OAuthClientListPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [clients, setClients] = useState<ClientDetailsDTO[] | null>(null);
  const load = useCallback(() => {
    fetchClients(http, scope.takeLatest('clients')).then(setClients, () => !scope.aborted && setClients([]));
  }, [http, scope]);
  useEffect(load, [load]);
  useListModification(CLIENT_LIST_EVENT, load);

  const label = (field: string) => t(`managementPortalApp.oauthClient.${field}`);
  const list = (items: string[]) => (
    <mp-show-more items={items} showMoreLabel={label('showMore')} showLessLabel={label('showLess')} />
  );
  const validity = (seconds: number | null) => (seconds == null ? '' : durationText(t, [tokenValidity(seconds)]));
  const columns: Column<ClientDetailsDTO>[] = [
    { key: 'clientId', header: label('clientId') },
    { key: 'scope', header: label('scope'), render: (c) => list(c.scope) },
    { key: 'resourceIds', header: label('resourceIds'), render: (c) => list(c.resourceIds) },
    { key: 'grants', header: label('authorizedGrantTypes'), render: (c) => list(c.authorizedGrantTypes) },
    { key: 'autoApprove', header: label('autoApproveScopes'), render: (c) => list(c.autoApproveScopes) },
    { key: 'access', header: label('accessTokenValidityShort'), render: (c) => validity(c.accessTokenValiditySeconds) },
    { key: 'refresh', header: label('refreshTokenValidityShort'), render: (c) => validity(c.refreshTokenValiditySeconds) },
    {
      key: 'info',
      header: label('additionalInformation'),
      render: (c) => list(Object.entries(c.additionalInformation ?? {}).map(([k, v]) => `${k}: ${v}`)),
    },
    { key: 'actions', header: '', render: (c) => <OAuthClientActions clientId={c.clientId} locked={isProtectedClient(c)} /> },
  ];

  return (
    <section className="entity-page oauth-client">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{label('home.title')}</h1>
        <PopupLink to="oauth-client-new" className="button button--primary">
          {label('home.createLabel')}
        </PopupLink>
      </header>
      <DataTable columns={columns} rows={clients ?? []} rowKey={(c) => c.clientId} loading={clients === null} />
    </section>
  );
}
