// Create or edit an OAuth client (popups oauth-client-new and oauth-client/{clientId}/edit).
// A protected client opens read-only with a warning. Saving announces the list change and closes; a failed save
// (already an alert) keeps the dialog open.
import { useEffect, type ReactNode } from 'react';
import type { ClientDetailsDTO } from '../../../common/dto';
import { useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { CancelButton, Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { fetchClient, saveClient } from './client-api';
import { checkClientForm, EMPTY_FORM, isProtectedClient, toClientDTO, toFormValues, type ClientFormValues } from './client-form-model';
import { OAuthClientFields } from './oauth-client-fields';

export function OAuthClientDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const editing = params.clientId !== undefined;
  const loaded = useResource(editing ? ['oauth-client', params.clientId] : null, (signal) => fetchClient(http, params.clientId!, signal));
  // undefined while loading (edit only), null when there is none.
  const original: ClientDetailsDTO | null | undefined = editing ? loaded.data : null;
  const form = useForm<ClientFormValues>({ initial: EMPTY_FORM, check: (values) => checkClientForm(values, editing) });
  const locked = editing && (!original || isProtectedClient(original));

  useEffect(() => {
    if (original) form.reset(toFormValues(original));
    // `form` is new each render; the form is filled once the client has arrived.
  }, [original]);

  const save = () =>
    form.submit(async (values) => {
      const saved = await saveClient(http, toClientDTO(values, original ?? undefined), editing);
      events.emit('oauthClientListModification', saved ?? undefined);
      close();
    });

  const footer = (
    <>
      <CancelButton onCancel={close} disabled={form.saving} />
      <button type="button" className="button button--primary" disabled={!form.valid || form.saving || locked} onClick={() => void save()}>
        {t('entity.action.save')}
      </button>
    </>
  );
  const title = t(editing ? 'managementPortalApp.oauthClient.home.editLabel' : 'managementPortalApp.oauthClient.home.createLabel');

  return (
    <Modal title={title} footer={footer} onClose={close} saving={form.saving}>
      {loaded.loading && <p>{t('global.loading')}</p>}
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {original && isProtectedClient(original) && (
        <p className="oauth-client__protected" role="alert">
          {t('managementPortalApp.oauthClient.protected')} {t('managementPortalApp.oauthClient.protectedEdit')}
        </p>
      )}
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving && !locked) void save();
        }}
      >
        <fieldset className="oauth-client__fieldset" disabled={locked || form.saving}>
          <OAuthClientFields form={form} editing={editing} />
        </fieldset>
      </form>
    </Modal>
  );
}
