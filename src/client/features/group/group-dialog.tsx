// A new group in a project (popup project-group-new/{projectName}): its name, then POST api/projects/{p}/groups.
// The server sends no alert header for groups, so the success alert is raised here; failures alert through http.
import type { ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { GROUP_RULES } from '../../../common/validation';
import { TextField, useForm } from '../../components/form';
import { CancelButton, Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { groupsPath } from './group-api';

export function GroupDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const projectName = params.projectName;
  const form = useForm({ initial: { name: '' }, rules: GROUP_RULES });

  const save = () =>
    form.submit(async ({ name }) => {
      const { data } = await http.post<GroupDTO>(groupsPath(projectName), { body: { name: name.trim() } });
      alerts.success('managementPortalApp.group.created', { param: data?.name ?? name });
      events.emit('groupListModification', data);
      close();
    });

  const footer = (
    <>
      <CancelButton onCancel={close} disabled={form.saving} />
      <button type="button" className="button button--primary" disabled={!form.valid || form.saving || !projectName} onClick={() => void save()}>
        {t('entity.action.save')}
      </button>
    </>
  );

  return (
    <Modal title={t('managementPortalApp.group.home.createLabel')} footer={footer} onClose={close} saving={form.saving}>
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving) void save();
        }}
      >
        <p className="entity-form__context">{t('managementPortalApp.group.inProject', { projectName })}</p>
        <TextField label={t('managementPortalApp.group.name')} required {...form.field('name')} />
      </form>
    </Modal>
  );
}
