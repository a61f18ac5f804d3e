// Between the SourceTypeDTO and the dialog's form values: blank optional text goes to the server as null, and the
// source-data rows keep their ids so the server updates them instead of replacing them.
import { blankToNull } from '../../components/form/blank-to-null';
import type { SourceDataDTO, SourceTypeDTO } from '../../../common/dto';
import type { SourceDataRow } from './source-data-rows';

export interface SourceTypeForm extends Record<string, unknown> {
  producer: string;
  model: string;
  catalogVersion: string;
  sourceTypeScope: string;
  canRegisterDynamically: boolean;
  name: string;
  description: string;
  assessmentType: string;
  appProvider: string;
}

export const EMPTY_SOURCE_TYPE: SourceTypeForm = {
  producer: '', model: '', catalogVersion: '', sourceTypeScope: '', canRegisterDynamically: false,
  name: '', description: '', assessmentType: '', appProvider: '',
};

let nextUid = 1;

export function emptyRow(): SourceDataRow {
  return {
    uid: nextUid++, id: null, sourceDataType: '', sourceDataName: '', processingState: '', topic: '',
    keySchema: '', valueSchema: '', frequency: '', unit: '', touched: [],
  };
}

export function toForm(type: SourceTypeDTO): SourceTypeForm {
  return {
    producer: type.producer, model: type.model, catalogVersion: type.catalogVersion, sourceTypeScope: type.sourceTypeScope,
    canRegisterDynamically: type.canRegisterDynamically, name: type.name ?? '', description: type.description ?? '',
    assessmentType: type.assessmentType ?? '', appProvider: type.appProvider ?? '',
  };
}

export function toRows(data: readonly SourceDataDTO[] | undefined): SourceDataRow[] {
  return (data ?? []).map((d) => ({
    ...emptyRow(),
    id: d.id, sourceDataType: d.sourceDataType ?? '', sourceDataName: d.sourceDataName ?? '', processingState: d.processingState ?? '',
    topic: d.topic ?? '', keySchema: d.keySchema ?? '', valueSchema: d.valueSchema ?? '', frequency: d.frequency ?? '', unit: d.unit ?? '',
  }));
}


/** The request body; `original` keeps fields the dialog does not edit (e.g. a row's provider, enabled flag). */
export function toBody(values: SourceTypeForm, rows: readonly SourceDataRow[], original?: SourceTypeDTO): Record<string, unknown> {
  const kept = new Map((original?.sourceData ?? []).map((d) => [d.id, d]));
  return {
    id: original?.id,
    producer: values.producer, model: values.model, catalogVersion: values.catalogVersion, sourceTypeScope: values.sourceTypeScope,
    canRegisterDynamically: values.canRegisterDynamically, name: blankToNull(values.name), description: blankToNull(values.description),
    assessmentType: blankToNull(values.assessmentType), appProvider: blankToNull(values.appProvider),
    sourceData: rows.map((row) => ({
      ...(row.id !== null ? kept.get(row.id) : undefined),
      id: row.id, sourceDataType: row.sourceDataType, sourceDataName: row.sourceDataName, processingState: blankToNull(row.processingState),
      topic: blankToNull(row.topic), keySchema: blankToNull(row.keySchema), valueSchema: blankToNull(row.valueSchema), frequency: blankToNull(row.frequency),
      unit: blankToNull(row.unit),
    })),
  };
}
