// The subject dialog for the four popups general-subject-new, general-subject/{login}/edit,
// project-subject-new/{projectName} and project-subject/{projectName}/{login}/edit.
// The project select shows only outside a project; group, person name and date of birth unless hidden; attributes
// through <mp-dictionary-editor>. The login is the server's to choose. Saving announces the change to the lists.
import { useEffect, useRef, type ReactNode } from 'react';
import type { ProjectDTO, SubjectDTO } from '../../../common/dto';
import { DateInput, Select, TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { SharedListErrors } from '../../components/shared-list-errors';
import { CancelButton, Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useSessionState } from '../../lib/session-react';
import { SUBJECT_ATTRIBUTE_KEYS, checkSubjectForm, subjectBody, subjectFormValues, type SubjectFormValues } from './subject-form';
import { useHiddenSubjectFields } from './use-hidden-fields';
import { useProjectGroups } from './use-project-groups';
import { useSubject } from './use-subject';

export function SubjectDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const hidden = useHiddenSubjectFields();
  const projects = useSessionState((state) => state.projects);
  const { projectName: fixedProject, login } = params;
  const projectShown = fixedProject === undefined;
  const subject = useSubject(login);
  const loaded = subject.data ?? null;
  const form = useForm<SubjectFormValues>({
    initial: subjectFormValues(null, fixedProject),
    check: (values) => checkSubjectForm(values, projectShown),
  });
  const projectName = fixedProject ?? form.values.projectName;
  const projectGroups = useProjectGroups(projectName || undefined, !hidden.group);
  const groups = projectGroups.data ?? [];

  // The form object is new on every render; its load only merges values, so the latest one will do. The form is
  // filled when the subject arrives, not again when a list event patches it.
  const loadForm = useRef(form.load);
  loadForm.current = form.load;
  useEffect(() => {
    if (loaded) loadForm.current(subjectFormValues(loaded, fixedProject));
  }, [loaded?.login, fixedProject]);

  /** The project by id and name: the loaded subject's, the shared cache's, else asked for. */
  const resolveProject = async (name: string): Promise<Pick<ProjectDTO, 'id' | 'projectName'>> => {
    if (loaded?.project?.projectName === name && loaded.project.id !== undefined) return loaded.project;
    const cached = projects.find((p) => p.projectName === name && p.id !== undefined);
    if (cached) return cached;
    return (await http.get<ProjectDTO>(`api/projects/${encodeURIComponent(name)}`)).data;
  };

  const save = () =>
    form.submit(async (values) => {
      const project = await resolveProject(fixedProject ?? values.projectName);
      const body = subjectBody(values, loaded, project, hidden);
      const { data } = login ? await http.put<SubjectDTO>('api/subjects', { body }) : await http.post<SubjectDTO>('api/subjects', { body });
      events.emit('subjectListModification', { op: login ? 'UPDATE' : 'CREATE', subject: data });
      close();
    });

  const footer = (
    <>
      <CancelButton onCancel={close} disabled={form.saving} />
      <button
        type="submit"
        form="subject-dialog-form"
        className="button button--primary"
        disabled={!form.valid || form.saving || (login !== undefined && !loaded)}
      >
        {t('entity.action.save')}
      </button>
    </>
  );

  return (
    <Modal
      title={t(login ? 'managementPortalApp.subject.home.editLabel' : 'managementPortalApp.subject.home.createLabel')}
      footer={footer}
      onClose={close}
      saving={form.saving}
    >
      {subject.error !== undefined && <LoadError error={subject.error} onRetry={subject.retry} />}
      <SharedListErrors lists={['projects']} />
      {projectGroups.error !== undefined && <LoadError error={projectGroups.error} onRetry={projectGroups.retry} />}
      <form
        id="subject-dialog-form"
        className="subject-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving) void save();
        }}
      >
        {login && <TextField label={t('managementPortalApp.subject.field.login')} name="login" value={login} onChange={() => undefined} readOnly />}
        {projectShown && (
          <Select
            label={t('managementPortalApp.subject.field.project')}
            required
            placeholder
            options={projects.map((p) => ({ value: p.projectName, label: p.humanReadableProjectName || p.projectName }))}
            {...form.field('projectName')}
            onChange={(value) => {
              form.set('projectName', value);
              form.set('group', '');
            }}
          />
        )}
        <TextField label={t('managementPortalApp.subject.field.externalLink')} type="url" {...form.field('externalLink')} />
        <TextField label={t('managementPortalApp.subject.field.externalId')} {...form.field('externalId')} />
        {!hidden.group && (
          <Select
            label={t('managementPortalApp.subject.field.group')}
            placeholder={t('managementPortalApp.subject.dialog.noGroup')}
            options={groups.map((g) => ({ value: g.name, label: g.name }))}
            {...form.field('group')}
          />
        )}
        {!hidden.personName && <TextField label={t('managementPortalApp.subject.field.personName')} {...form.field('personName')} />}
        {!hidden.dateOfBirth && <DateInput label={t('managementPortalApp.subject.field.dateOfBirth')} {...form.field('dateOfBirth')} />}
        <fieldset className="subject-dialog__attributes">
          <legend>{t('managementPortalApp.subject.field.attributes')}</legend>
          <mp-dictionary-editor
            value={form.values.attributes}
            allowedKeys={SUBJECT_ATTRIBUTE_KEYS}
            keyLabel={t('managementPortalApp.subject.dialog.attributeKey')}
            valueLabel={t('managementPortalApp.subject.dialog.attributeValue')}
            placeholderLabel={t('global.form.choose')}
            addLabel={t('entity.action.add')}
            removeLabel={t('entity.action.remove')}
            requiredLabel={t('entity.validation.required')}
            emptyLabel={t('managementPortalApp.subject.dialog.noAttributes')}
            onmp-dictionary-change={(event) => form.set('attributes', event.detail.value)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
