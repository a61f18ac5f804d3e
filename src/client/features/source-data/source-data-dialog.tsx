// Create or edit source data (popups source-data-new and source-data/{name}/edit): type, source type
// (from the session's cached list), name, processing state, topic, key/value schema, frequency and unit. Blank
// optional fields go to the server as null; fields the dialog does not show (provider, enabled) are kept.
import { useEffect, type ReactNode } from 'react';
import type { SourceDataDTO } from '../../../common/dto';
import { processingStateOptions } from '../source-type/catalogue-labels';
import { SOURCE_DATA_RULES } from '../../../common/validation';
import { blankToNull, Select, TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { SharedListErrors } from '../../components/shared-list-errors';
import { Modal, SaveCancelFooter } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { useSession, useSessionState } from '../../lib/session-react';
import { useSourceData } from './use-source-data';

const TEXT_FIELDS = ['topic', 'keySchema', 'valueSchema', 'frequency', 'unit'] as const;
type TextKey = (typeof TEXT_FIELDS)[number];

interface SourceDataForm extends Record<string, unknown> {
  sourceDataType: string;
  sourceDataName: string;
  sourceTypeId: string;
  processingState: string;
  topic: string;
  keySchema: string;
  valueSchema: string;
  frequency: string;
  unit: string;
}

const EMPTY: SourceDataForm = {
  sourceDataType: '', sourceDataName: '', sourceTypeId: '', processingState: '', topic: '', keySchema: '', valueSchema: '', frequency: '', unit: '',
};

export function SourceDataDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const { path } = useLocation();
  const editing = params.sourceDataName;
  const loaded = useSourceData(editing);
  const sourceData = loaded.data;
  const sourceTypes = useSessionState((state) => state.sourceTypes);
  const form = useForm<SourceDataForm>({ initial: EMPTY, rules: SOURCE_DATA_RULES });
  const loading = editing !== undefined && !sourceData;
  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);

  useEffect(() => {
    if (!sourceData) return;
    const text = (field: TextKey | 'sourceDataType' | 'sourceDataName' | 'processingState') => sourceData[field] ?? '';
    form.reset({
      ...EMPTY, sourceDataType: text('sourceDataType'), sourceDataName: text('sourceDataName'), processingState: text('processingState'),
      sourceTypeId: sourceData.sourceType ? String(sourceData.sourceType.id) : '',
      ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(field)])),
    });
    // Only when the row arrives; a reload must not wipe the user's edits.
  }, [sourceData?.id]);

  const save = () =>
    form.submit(async (values) => {
      const body = {
        ...sourceData,
        sourceDataType: values.sourceDataType, sourceDataName: values.sourceDataName, processingState: blankToNull(values.processingState),
        sourceType: values.sourceTypeId ? { id: Number(values.sourceTypeId) } : undefined,
        ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, blankToNull(values[field])])),
      };
      const { data } = sourceData
        ? await http.put<SourceDataDTO>('api/source-data', { body })
        : await http.post<SourceDataDTO>('api/source-data', { body });
      events.emit('sourceDataListModification', data);
      void session.refreshSourceTypes();
      const ownPage = editing !== undefined && path === pathOf('source-data', editing);
      if (ownPage && data.sourceDataName !== editing) router.navigate(pathOf('source-data', data.sourceDataName ?? ''), { replace: true });
      else close();
    });

  const typeOptions = sourceTypes.map((type) => ({ value: String(type.id), label: `${type.producer} ${type.model} ${type.catalogVersion}` }));
  const footer = <SaveCancelFooter onCancel={close} onSave={() => void save()} canSave={form.valid && !loading} saving={form.saving} />;

  return (
    <Modal title={t(editing ? 'managementPortalApp.sourceData.home.editLabel' : 'managementPortalApp.sourceData.home.createLabel')} footer={footer} onClose={close} saving={form.saving}>
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      <SharedListErrors lists={['sourceTypes']} />
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.valid && !form.saving) void save();
        }}
      >
        <TextField label={label('sourceDataType')} required {...form.field('sourceDataType')} />
        <Select label={label('sourceType')} options={typeOptions} placeholder {...form.field('sourceTypeId')} />
        <TextField label={label('sourceDataName')} required {...form.field('sourceDataName')} />
        <Select label={label('processingState')} options={processingStateOptions(t)} placeholder {...form.field('processingState')} />
        {TEXT_FIELDS.map((field) => (
          <TextField key={field} label={label(field)} {...form.field(field)} />
        ))}
      </form>
    </Modal>
  );
}
