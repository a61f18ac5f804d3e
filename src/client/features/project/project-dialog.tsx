// Create or edit a project (popups organization/{org}/project-new and organization/{org}/project/{name}/edit): every
// field of a project, a warning on creation that the name cannot change later, the session cache
// patched after a save, and, when saved from the project's own page, navigation to that project.
import { useEffect, type ReactNode } from 'react';
import type { ProjectDTO } from '../../../common/dto';
import { PROJECT_RULES } from '../../../common/validation';
import { Checkbox, DateInput, Select, TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { SharedListErrors } from '../../components/shared-list-errors';
import { Modal, SaveCancelFooter } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { buildAppUrl, pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { projectStatusOptions } from './project-status-label';
import { useLocation, useRouter } from '../../lib/router-react';
import { findOrganization, selectAccount } from '../../lib/session-store';
import { useSession, useSessionState } from '../../lib/session-react';
import { organizationChoices } from './organization-choices';
import { endsBeforeStart, formValuesOf, PROJECT_ATTRIBUTE_KEYS, projectBody, type ProjectFormValues } from './project-form-model';
import { SourceTypesField } from './source-types-field';
import { useProject } from './use-project';

const ON_PROJECT_PAGE = /^project\/[^/]+$/;
/** The organization is required, and a project cannot end before it starts (the server refuses that too). */
const checkProject = (values: ProjectFormValues) => ({
  ...(values.organizationName ? {} : { organizationName: { key: 'entity.validation.required' } }),
  ...(endsBeforeStart(values.startDate, values.endDate) ? { endDate: { key: 'managementPortalApp.project.endBeforeStart' } } : {}),
});

export function ProjectDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const { path, query } = useLocation();
  const editing = params.projectName;
  const loaded = useProject(editing);
  const project = loaded.data;
  const account = useSessionState(selectAccount);
  const organizations = useSessionState((state) => state.organizations);
  const form = useForm<ProjectFormValues>({ initial: formValuesOf(undefined, params.organizationName), rules: PROJECT_RULES, check: checkProject });
  const { values } = form;
  const loading = editing !== undefined && !project;

  useEffect(() => {
    if (project) form.reset(formValuesOf(project));
    // Only when the project arrives (or is saved elsewhere); typing must not be overwritten by cache updates.
  }, [project?.id]);

  const choices = organizationChoices(account, organizations, project ? formValuesOf(project).organizationName : params.organizationName ?? '');
  const setName = (name: string) => {
    form.set('projectName', name);
    if (values.copyName) form.set('humanReadableProjectName', name);
  };
  const setCopy = (copy: boolean) => {
    form.set('copyName', copy);
    if (copy) form.set('humanReadableProjectName', values.projectName);
  };

  const save = () =>
    form.submit(async (current) => {
      const body = projectBody(current, project, findOrganization(session.store.getState(), current.organizationName));
      const { data } = editing ? await http.put<ProjectDTO>('api/projects', { body }) : await http.post<ProjectDTO>('api/projects', { body });
      session.projectSaved(data, editing);
      events.emit('projectListModification', data);
      if (ON_PROJECT_PAGE.test(path)) router.navigate(buildAppUrl({ path: pathOf('project', data.projectName), query }));
      else close();
    });

  const label = (field: string) => t(`managementPortalApp.project.${field}`);
  const footer = <SaveCancelFooter onCancel={close} onSave={() => void save()} canSave={form.valid && !loading} saving={form.saving} />;

  return (
    <Modal title={t(editing ? 'managementPortalApp.project.home.editLabel' : 'managementPortalApp.project.home.createLabel')} footer={footer} onClose={close} saving={form.saving}>
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      <SharedListErrors lists={['organizations', 'sourceTypes']} />
      <form className="entity-form" onSubmit={(event) => event.preventDefault()}>
        <TextField label={label('projectName')} required readOnly={editing !== undefined} {...form.field('projectName')} onChange={setName} />
        {!editing && <p className="entity-form__warning">{label('nameImmutable')}</p>}
        <TextField
          label={label('humanReadableProjectName')}
          readOnly={values.copyName}
          {...form.field('humanReadableProjectName')}
          value={values.copyName ? values.projectName : values.humanReadableProjectName}
        />
        <Checkbox label={label('copyProjectName')} name="copyName" value={values.copyName} onChange={setCopy} />
        <Select
          label={label('organization')}
          required
          disabled={!choices.canChange}
          placeholder
          options={choices.names.map((name) => ({ value: name, label: name }))}
          {...form.field('organizationName')}
        />
        <TextField label={label('description')} required {...form.field('description')} />
        <TextField label={label('location')} required {...form.field('location')} />
        <Select
          label={label('projectStatus')}
          placeholder
          options={projectStatusOptions(t)}
          {...form.field('projectStatus')}
        />
        <DateInput label={label('startDate')} {...form.field('startDate')} />
        <DateInput label={label('endDate')} {...form.field('endDate')} />
        <fieldset className="entity-form__group">
          <legend>{label('attributes')}</legend>
          <mp-dictionary-editor
            value={values.attributes}
            allowedKeys={[...PROJECT_ATTRIBUTE_KEYS]}
            keyLabel={t('managementPortalApp.project.attribute.key')}
            valueLabel={t('managementPortalApp.project.attribute.value')}
            placeholderLabel={t('global.form.choose')}
            addLabel={t('entity.action.add')}
            removeLabel={t('entity.action.remove')}
            requiredLabel={t('entity.validation.required')}
            emptyLabel={t('managementPortalApp.project.attribute.empty')}
            onmp-dictionary-change={(event) => form.set('attributes', event.detail.value)}
          />
          <p className="field__hint">{t('managementPortalApp.project.attribute.freshnessHint')}</p>
        </fieldset>
        <SourceTypesField value={values.sourceTypes} onChange={(types) => form.set('sourceTypes', types)} />
      </form>
    </Modal>
  );
}
