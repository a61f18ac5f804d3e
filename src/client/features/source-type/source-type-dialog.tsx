// Create or edit a source type with its source-data rows (popups source-type-new and
// source-type/{p}/{m}/{v}/edit). A save refreshes the session's source-type cache and tells the source-data list;
// saved from the type's own page under a new key, the app follows it there.
import { useEffect, useState, type ReactNode } from 'react';
import type { SourceTypeDTO } from '../../../common/dto';
import { scopeOptions } from './catalogue-labels';
import { SOURCE_TYPE_RULES } from '../../../common/validation';
import { Checkbox, Select, TextField, useForm } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { CancelButton, Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { useSession } from '../../lib/session-react';
import { rowIsValid, SourceDataRows, type SourceDataRow } from './source-data-rows';
import { EMPTY_SOURCE_TYPE, emptyRow, toBody, toForm, toRows, type SourceTypeForm } from './source-type-form';
import { keyFromParams, sameType, sourceTypePath } from './source-type-path';
import { useSourceType } from './use-source-type';

const TEXT_FIELDS = ['name', 'description', 'assessmentType', 'appProvider'] as const;

export function SourceTypeDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const { path } = useLocation();
  const key = keyFromParams(params);
  const { sourceType, error, retry } = useSourceType(key);
  const form = useForm<SourceTypeForm>({ initial: EMPTY_SOURCE_TYPE, rules: SOURCE_TYPE_RULES });
  const [rows, setRows] = useState<SourceDataRow[]>([]);
  const loading = key !== undefined && !sourceType;
  const label = (field: string) => t(`managementPortalApp.sourceType.${field}`);

  useEffect(() => {
    if (!sourceType) return;
    form.reset(toForm(sourceType));
    setRows(toRows(sourceType.sourceData));
    // Only when the type arrives; a refreshed cache must not wipe the user's edits.
  }, [sourceType?.id]);

  const save = () =>
    form.submit(async (values) => {
      const body = toBody(values, rows, sourceType);
      const { data } = sourceType
        ? await http.put<SourceTypeDTO>('api/source-types', { body })
        : await http.post<SourceTypeDTO>('api/source-types', { body });
      void session.refreshSourceTypes();
      events.emit('sourceDataListModification');
      const onOwnPage = key !== undefined && path === sourceTypePath(key);
      if (onOwnPage && !sameType(key, data)) router.navigate(sourceTypePath(data), { replace: true });
      else close();
    });

  const valid = form.valid && rows.every(rowIsValid);
  const footer = (
    <>
      <CancelButton onCancel={close} disabled={form.saving} />
      <button type="button" className="button button--primary" disabled={!valid || form.saving || loading} onClick={() => void save()}>
        {t('entity.action.save')}
      </button>
    </>
  );

  return (
    <Modal title={t(key ? 'managementPortalApp.sourceType.home.editLabel' : 'managementPortalApp.sourceType.home.createLabel')} footer={footer} onClose={close} saving={form.saving}>
      {error !== undefined && <LoadError error={error} onRetry={retry} />}
      <form
        className="entity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !form.saving) void save();
        }}
      >
        <TextField label={label('producer')} required {...form.field('producer')} />
        <TextField label={label('model')} required {...form.field('model')} />
        <TextField label={label('catalogVersion')} required {...form.field('catalogVersion')} />
        <Select label={label('sourceTypeScope')} required placeholder options={scopeOptions(t)} {...form.field('sourceTypeScope')} />
        <Checkbox label={label('canRegisterDynamically')} {...form.field('canRegisterDynamically')} />
        {TEXT_FIELDS.map((field) => (
          <TextField key={field} label={label(field)} {...form.field(field)} />
        ))}
        <SourceDataRows rows={rows} onChange={setRows} onAdd={() => setRows([...rows, emptyRow()])} />
      </form>
    </Modal>
  );
}
