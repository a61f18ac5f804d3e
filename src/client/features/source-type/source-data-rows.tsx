// The source-type dialog's source-data rows: add, edit and remove rows; each row's fields follow the shared source
// data rules (src/common), and a field shows its message once the user has touched it, as the dialog's own fields.
import type { ReactNode } from 'react';
import { processingStateOptions } from './catalogue-labels';
import { firstViolationByField, SOURCE_DATA_RULES, validate } from '../../../common/validation';
import { Select, TextField, violationMessage } from '../../components/form';
import { useT } from '../../lib/i18n-react';

export interface SourceDataRow extends Record<string, unknown> {
  /** React key only; rows from the server also keep their `id`. */
  uid: number;
  id: number | null;
  sourceDataType: string;
  sourceDataName: string;
  processingState: string;
  topic: string;
  keySchema: string;
  valueSchema: string;
  frequency: string;
  unit: string;
  /** Fields the user has changed, to show their messages. */
  touched: readonly string[];
}

const TEXT_FIELDS = ['sourceDataType', 'sourceDataName', 'topic', 'keySchema', 'valueSchema', 'frequency', 'unit'] as const;
const REQUIRED = new Set(['sourceDataType', 'sourceDataName']);

export const rowIsValid = (row: SourceDataRow) => validate(SOURCE_DATA_RULES, row).length === 0;

export interface SourceDataRowsProps {
  rows: readonly SourceDataRow[];
  onChange: (rows: SourceDataRow[]) => void;
  onAdd: () => void;
}

export function SourceDataRows({ rows, onChange, onAdd }: SourceDataRowsProps): ReactNode {
  const t = useT();
  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);
  const update = (index: number, field: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value, touched: [...new Set([...row.touched, field])] } : row)));
  const stateOptions = processingStateOptions(t);

  return (
    <fieldset className="source-type-rows">
      <legend>{t('managementPortalApp.sourceType.sourceData')}</legend>
      {rows.map((row, index) => {
        const violations = firstViolationByField(validate(SOURCE_DATA_RULES, row));
        const message = (field: string) => {
          const violation = row.touched.includes(field) ? violations.get(field) : undefined;
          return violation && violationMessage(violation, SOURCE_DATA_RULES.fields[field]);
        };
        const title = t('managementPortalApp.sourceType.sourceDataRow', { index: index + 1 });
        return (
          <section key={row.uid} className="source-type-rows__row" aria-label={title}>
            <h3 className="source-type-rows__title">{title}</h3>
            {TEXT_FIELDS.map((field) => (
              <TextField
                key={field}
                name={`sourceData-${index}-${field}`}
                label={label(field)}
                required={REQUIRED.has(field)}
                value={row[field]}
                onChange={(value) => update(index, field, value)}
                message={message(field)}
              />
            ))}
            <Select
              name={`sourceData-${index}-processingState`}
              label={label('processingState')}
              value={row.processingState}
              onChange={(value) => update(index, 'processingState', value)}
              options={stateOptions}
              placeholder
            />
            <button type="button" className="button button--danger button--small" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
              {t('managementPortalApp.sourceType.removeSourceData', { index: index + 1 })}
            </button>
          </section>
        );
      })}
      <button type="button" className="button button--secondary button--small" onClick={onAdd}>
        {t('managementPortalApp.sourceType.addSourceData')}
      </button>
    </fieldset>
  );
}
