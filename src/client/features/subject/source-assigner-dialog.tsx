// subject/{login}/sources, the subject's "pair sources" action: the subject's sources and its project's unassigned
// ones (GET api/projects/{p}/sources?assigned=false&minimized=true), Add / Remove, and Save = PUT api/subjects with
// the new complete list (the server assigns exactly those).
import { useEffect, useState, type ReactNode } from 'react';
import type { MinimalSourceDetailsDTO, SubjectDTO } from '../../../common/dto';
import { LoadError } from '../../components/load-error';
import { CancelButton, Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { SourceChoiceList } from './source-choice-list';
import { useSubject } from './use-subject';

const sameSource = (a: MinimalSourceDetailsDTO) => (b: MinimalSourceDetailsDTO) => a.sourceId === b.sourceId;

export function SourceAssignerDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const loaded = useSubject(params.login);
  const subject = loaded.data;
  const [assigned, setAssigned] = useState<MinimalSourceDetailsDTO[]>([]);
  const [saving, setSaving] = useState(false);
  const projectName = subject?.project?.projectName;
  const freeSources = useResource(subject ? ['free-sources', subject.id, projectName ?? null] : null, async (signal) => {
    if (!projectName) return [];
    const { data } = await http.get<MinimalSourceDetailsDTO[]>(`api/projects/${pathOf(projectName)}/sources`, {
      query: { assigned: false, minimized: true },
      signal,
    });
    return Array.isArray(data) ? data : [];
  });
  const free = freeSources.data;

  // The subject's own sources start out assigned, once it has arrived.
  useEffect(() => {
    if (subject) setAssigned(subject.sources ?? []);
  }, [subject?.id]);

  const add = (source: MinimalSourceDetailsDTO) => {
    if (assigned.some(sameSource(source))) return alerts.error('managementPortalApp.source.sourceAlreadyAdded');
    setAssigned((list) => [...list, source]);
  };
  const remove = (source: MinimalSourceDetailsDTO) => setAssigned((list) => list.filter((s) => !sameSource(source)(s)));
  // Sources the subject gave up return to the available list until saved.
  const available = [...(subject?.sources ?? []), ...(free ?? [])].filter((s) => !assigned.some(sameSource(s)));

  const save = async () => {
    if (!subject) return;
    setSaving(true);
    try {
      const { data } = await http.put<SubjectDTO>('api/subjects', { body: { ...subject, sources: assigned } });
      events.emit('subjectListModification', { op: 'UPDATE', subject: data });
      // The source lists show who holds each source: they reload too.
      events.emit('sourceListModification', { assignedTo: data.login });
      close();
    } catch {
      setSaving(false); // the failure was already an alert; the dialog stays open
    }
  };

  const footer = (
    <>
      <CancelButton onCancel={close} disabled={saving} />
      <button type="button" className="button button--primary" disabled={!subject || saving} onClick={() => void save()}>
        {t('entity.action.save')}
      </button>
    </>
  );
  const failed = loaded.error !== undefined ? loaded : freeSources.error !== undefined ? freeSources : null;
  return (
    <Modal title={t('managementPortalApp.subject.sources.title')} footer={footer} onClose={close} saving={saving}>
      {failed && <LoadError error={failed.error} onRetry={failed.retry} />}
      <p className="entity-form__context">{t('managementPortalApp.subject.sources.forSubject', { login: params.login, projectName: projectName ?? '' })}</p>
      <div className="source-assigner">
        <SourceChoiceList
          title={t('managementPortalApp.subject.sources.assigned')}
          empty={t('managementPortalApp.subject.sources.noneAssigned')}
          sources={assigned}
          actionLabel={t('entity.action.remove')}
          tone="danger"
          onAction={remove}
        />
        <SourceChoiceList
          title={t('managementPortalApp.subject.sources.available')}
          empty={free === undefined ? t('global.loading') : t('managementPortalApp.subject.sources.noneAvailable')}
          sources={available}
          actionLabel={t('entity.action.add')}
          tone="secondary"
          onAction={add}
        />
      </div>
    </Modal>
  );
}
