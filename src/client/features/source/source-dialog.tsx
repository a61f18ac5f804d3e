// Create or edit a source (popups general-source-new, project-source-new/{p}, general-source/{name}/edit,
// project-source/{p}/{name}/edit): name, source type (one the project includes; fixed once created), project (fixed
// inside a project), expected name and attributes. Saving announces the change to the source lists; renamed from its
// own page, the app follows the source to its new name.
import { useEffect, type ReactNode } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { Select, TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { SharedListErrors } from '../../components/shared-list-errors';
import { Modal, SaveCancelFooter } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { buildAppUrl, pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { useSessionState } from '../../lib/session-react';
import { SOURCES } from './source-api';
import { emptySourceForm, formOf, SOURCE_ATTRIBUTE_KEYS, SOURCE_FORM_RULES, sourceBody, type SourceForm } from './source-form';
import { sourceTypeLabel } from './source-table';
import { useProjectSourceTypes } from './use-project-source-types';
import { useSource } from './use-source';

export function SourceDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const router = useRouter();
  const { path, query } = useLocation();
  const editing = params.sourceName;
  const fixedProject = params.projectName;
  const loaded = useSource(editing);
  const source = loaded.data;
  const projects = useSessionState((state) => state.projects);
  const form = useForm<SourceForm>({ initial: emptySourceForm(fixedProject), rules: SOURCE_FORM_RULES });
  const { values } = form;
  const projectTypes = useProjectSourceTypes(values.projectName);
  const types = projectTypes.data ?? [];
  const loading = editing !== undefined && !source;

  useEffect(() => {
    if (source) form.reset(formOf(source));
    // Only when the source arrives; later reloads must not wipe the user's edits.
  }, [source?.id]);

  const save = () =>
    form.submit(async (v) => {
      const body = sourceBody(v, source ?? null);
      const { data } = editing ? await http.put<SourceDTO>(SOURCES, { body }) : await http.post<SourceDTO>(SOURCES, { body });
      events.emit('sourceListModification', data);
      if (editing && path === pathOf('source', editing) && data.sourceName !== editing) {
        router.navigate(buildAppUrl({ path: pathOf('source', data.sourceName), query }));
      } else close();
    });

  const typeOptions = types.map((type) => ({ value: String(type.id), label: sourceTypeLabel(type) }));
  if (source?.sourceType && !typeOptions.some((o) => o.value === String(source.sourceType.id))) {
    typeOptions.push({ value: String(source.sourceType.id), label: sourceTypeLabel(source.sourceType) });
  }
  const label = (field: string) => t(`managementPortalApp.source.${field}`);
  const footer = <SaveCancelFooter onCancel={close} onSave={() => void save()} canSave={form.valid && !loading} saving={form.saving} />;

  return (
    <Modal title={t(editing ? 'managementPortalApp.source.home.editLabel' : 'managementPortalApp.source.home.createLabel')} footer={footer} onClose={close} saving={form.saving}>
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {projectTypes.error !== undefined && <LoadError error={projectTypes.error} onRetry={projectTypes.retry} />}
      <SharedListErrors lists={['projects']} />
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving) void save();
        }}
      >
        <TextField label={label('sourceName')} required {...form.field('sourceName')} />
        <Select
          label={label('project')}
          required
          placeholder
          disabled={fixedProject !== undefined}
          options={projects.map((p) => ({ value: p.projectName, label: p.projectName }))}
          {...form.field('projectName')}
          onChange={(name) => {
            form.set('projectName', name);
            if (!editing) form.set('sourceTypeId', '');
          }}
        />
        <Select label={label('sourceType')} required placeholder disabled={editing !== undefined} options={typeOptions} {...form.field('sourceTypeId')} />
        <TextField label={label('expectedSourceName')} {...form.field('expectedSourceName')} />
        <fieldset className="entity-form__group">
          <legend>{label('attributes')}</legend>
          <mp-dictionary-editor
            value={values.attributes}
            allowedKeys={SOURCE_ATTRIBUTE_KEYS}
            keyLabel={label('attribute.key')}
            valueLabel={label('attribute.value')}
            placeholderLabel={t('global.form.choose')}
            addLabel={t('entity.action.add')}
            removeLabel={t('entity.action.remove')}
            requiredLabel={t('entity.validation.required')}
            emptyLabel={label('attribute.empty')}
            onmp-dictionary-change={(event) => form.set('attributes', event.detail.value)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
