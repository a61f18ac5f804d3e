// OAuth clients (system admins): every client with its lists collapsed behind show-more past 10 items,
// the access and refresh token validities in one column, in whole days/hours/minutes/seconds, and edit/delete links that are disabled for protected clients.
import type { ReactNode } from 'react';
import type { ClientDetailsDTO } from '../../../common/dto';
import { DataTable, Truncated, type Column } from '../../components/data-table';
import { durationText, tokenValidity } from '../../components/format';
import { LoadError } from '../../components/load-error';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { fetchClients } from './client-api';
import { isProtectedClient } from './client-form-model';
import { OAuthClientActions } from './oauth-client-actions';

export function OAuthClientListPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const clients = useResource(['oauth-clients'], (signal) => fetchClients(http, signal), { reloadOn: { oauthClientListModification: true } });

  const label = (field: string) => t(`managementPortalApp.oauthClient.${field}`);
  const list = (items: string[]) => (
    <mp-show-more items={items} showMoreLabel={label('showMore')} showLessLabel={label('showLess')} />
  );
  const validity = (seconds: number | null) => (seconds == null ? '' : durationText(t, [tokenValidity(seconds)]));
  const columns: Column<ClientDetailsDTO>[] = [
    { key: 'clientId', header: label('clientId'), render: (c) => <Truncated text={c.clientId} max="8rem" /> },
    { key: 'scope', header: label('scope'), render: (c) => list(c.scope) },
    { key: 'resourceIds', header: label('resourceIds'), render: (c) => list(c.resourceIds) },
    { key: 'grants', header: label('authorizedGrantTypes'), render: (c) => list(c.authorizedGrantTypes) },
    { key: 'autoApprove', header: label('autoApproveScopes'), render: (c) => list(c.autoApproveScopes) },
    {
      key: 'validity',
      header: label('tokenValidity'),
      render: (c) => (
        <ul className="oauth-client__validity">
          <li>{t('managementPortalApp.oauthClient.validityAccess', { value: validity(c.accessTokenValiditySeconds) })}</li>
          <li>{t('managementPortalApp.oauthClient.validityRefresh', { value: validity(c.refreshTokenValiditySeconds) })}</li>
        </ul>
      ),
    },
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
      {clients.error !== undefined ? (
        <LoadError error={clients.error} onRetry={clients.retry} />
      ) : (
        <DataTable columns={columns} rows={clients.data ?? []} rowKey={(c) => c.clientId} loading={clients.loading} />
      )}
    </section>
  );
}
