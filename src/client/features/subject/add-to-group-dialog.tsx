// "Add selected to group": a dialog (not a route) where a group must be chosen before
// Save; it sends PATCH api/projects/{p}/groups/{g}/subjects with one `add` operation listing the subjects' ids, then
// patches each subject on screen through the list event.
import { useState, type ReactNode } from 'react';
import type { GroupDTO, GroupPatchOperation, SubjectDTO } from '../../../common/dto';
import { Select } from '../../components/form';
import { CancelButton, Modal } from '../../components/modal';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';

export interface AddToGroupDialogProps {
  projectName: string;
  groups: readonly GroupDTO[];
  subjects: readonly SubjectDTO[];
  onClose: () => void;
  onAdded: () => void;
}

export function addToGroupBody(subjects: readonly SubjectDTO[]): GroupPatchOperation[] {
  return [{ op: 'add', value: subjects.filter((s) => typeof s.id === 'number').map((s) => ({ id: s.id as number })) }];
}

export function AddToGroupDialog({ projectName, groups, subjects, onClose, onAdded }: AddToGroupDialogProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const [group, setGroup] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await http.patch(`api/projects/${encodeURIComponent(projectName)}/groups/${encodeURIComponent(group)}/subjects`, {
        body: addToGroupBody(subjects),
      });
    } catch {
      setSaving(false); // the failure is already an alert; the dialog stays open
      return;
    }
    for (const subject of subjects) events.emit('subjectListModification', { op: 'UPDATE', subject: { ...subject, group } });
    alerts.success('managementPortalApp.subject.addToGroup.done', { count: subjects.length, group });
    onAdded();
    onClose();
  };

  const footer = (
    <>
      <CancelButton onCancel={onClose} disabled={saving} />
      <button type="button" className="button button--primary" disabled={!group || saving} onClick={() => void save()}>
        {t('entity.action.save')}
      </button>
    </>
  );
  return (
    <Modal title={t('managementPortalApp.subject.addToGroup.title')} footer={footer} onClose={onClose} saving={saving}>
      <p>{t('managementPortalApp.subject.addToGroup.question', { count: subjects.length })}</p>
      <Select
        label={t('managementPortalApp.subject.field.group')}
        name="group"
        required
        value={group}
        onChange={setGroup}
        placeholder
        options={groups.map((g) => ({ value: g.name, label: g.name }))}
      />
    </Modal>
  );
}
