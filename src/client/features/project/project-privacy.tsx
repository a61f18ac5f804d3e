// The project's "Privacy" tab (docs/privacy.md, "Art. 13 and 15(1)"): what a participant is told about the processing
// of its data (controller, purposes, legal basis, recipients, retention, where the data come from, its rights), shown
// in every subject's access export and the record of processing activities. GET and PUT
// api/projects/{projectName}/privacy; a field left empty answers the portal's default, shown as the placeholder.
import { useState, type FormEvent, type ReactNode } from 'react';
import { PRIVACY_FIELDS, type PrivacyField, type ProjectPrivacy } from '../../../common/privacy';
import { TextArea } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { useAlerts, useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';


interface ProjectPrivacyVM {
  settings: Record<PrivacyField, string | null>;
  defaults: ProjectPrivacy;
}

export function ProjectPrivacyPanel({ projectName }: { projectName: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const path = `api/projects/${encodeURIComponent(projectName)}/privacy`;
  const view = useResource(['project-privacy', projectName], async (signal) => (await http.get<ProjectPrivacyVM>(path, { signal })).data);
  const [draft, setDraft] = useState<ProjectPrivacy | null>(null);
  const [saving, setSaving] = useState(false);
  if (view.error !== undefined) return <LoadError error={view.error} onRetry={view.retry} message={t('managementPortalApp.project.privacy.notLoaded')} />;
  const data = view.data;
  if (!data) return <p>{t('global.loading')}</p>;
  const values = draft ?? (Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, data.settings[f] ?? ''])) as ProjectPrivacy);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await http.put(path, { body: Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, values[f].trim() || null])) });
      alerts.success('managementPortalApp.project.privacy.saved', { param: projectName });
      setDraft(null);
      view.reload();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="project-privacy" onSubmit={(event) => void save(event)}>
      <p>{t('managementPortalApp.project.privacy.explain')}</p>
      {PRIVACY_FIELDS.map((field) => (
        <TextArea
          key={field} name={field} label={t(`managementPortalApp.project.privacy.field.${field}`)} value={values[field]}
          onChange={(value) => setDraft({ ...values, [field]: value })} maxLength={4000} placeholder={data.defaults[field]}
        />
      ))}
      <button type="submit" className="button button--primary" disabled={saving || draft === null}>{t('entity.action.save')}</button>
    </form>
  );
}
