// Create or edit an organization (popups organization-new and organization/{name}/edit). The name cannot change
// once created. A save updates the session's organization cache; saved from the organization's own page, the app
// then navigates to that organization.
import { useEffect, type ReactNode } from 'react';
import type { OrganizationDTO } from '../../../common/dto';
import { ORGANIZATION_RULES } from '../../../common/validation';
import { TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { Modal, SaveCancelFooter } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { buildAppUrl, pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { useSession } from '../../lib/session-react';
import { useOrganization } from './use-organization';

interface OrganizationForm extends Record<string, unknown> {
  name: string;
  description: string;
  location: string;
}

const ON_DETAIL_PAGE = /^organization\/[^/]+$/;
const EMPTY: OrganizationForm = { name: '', description: '', location: '' };

export function OrganizationDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const { path, query } = useLocation();
  const editing = params.organizationName;
  const { organization, error, retry } = useOrganization(editing);
  const form = useForm<OrganizationForm>({ initial: EMPTY, rules: ORGANIZATION_RULES });
  const loading = editing !== undefined && !organization;

  useEffect(() => {
    if (organization) form.reset({ name: organization.name, description: organization.description ?? '', location: organization.location ?? '' });
    // Only when the organization arrives; later cache updates must not wipe the user's edits.
  }, [organization?.id]);

  const save = () =>
    form.submit(async (values) => {
      const body: Partial<OrganizationDTO> = { ...organization, name: values.name, description: values.description, location: values.location };
      const { data } = editing ? await http.put<OrganizationDTO>('api/organizations', { body }) : await http.post<OrganizationDTO>('api/organizations', { body });
      session.organizationSaved(data, editing);
      events.emit('organizationListModification', data);
      if (ON_DETAIL_PAGE.test(path)) router.navigate(buildAppUrl({ path: pathOf('organization', data.name), query }));
      else close();
    });

  const footer = <SaveCancelFooter onCancel={close} onSave={() => void save()} canSave={form.valid && !loading} saving={form.saving} />;

  return (
    <Modal
      title={t(editing ? 'managementPortalApp.organization.home.editLabel' : 'managementPortalApp.organization.home.createLabel')}
      footer={footer}
      onClose={close}
      saving={form.saving}
    >
      {error !== undefined && <LoadError error={error} onRetry={retry} />}
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving) void save();
        }}
      >
        <TextField label={t('managementPortalApp.organization.name')} required readOnly={editing !== undefined} {...form.field('name')} />
        <TextField label={t('managementPortalApp.organization.description')} required {...form.field('description')} />
        <TextField label={t('managementPortalApp.organization.location')} required {...form.field('location')} />
        {!editing && <p className="entity-form__warning">{t('managementPortalApp.organization.nameImmutable')}</p>}
      </form>
    </Modal>
  );
}
