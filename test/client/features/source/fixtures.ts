// Sources as the server answers them, for the source screen tests.
import type { SourceDTO, SourceTypeDTO } from '../../../../src/common/dto';

export const WEAR: SourceTypeDTO = { id: 3, producer: 'acme', model: 'wear', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false };

export const source = (id: number, sourceName: string, extra: Partial<SourceDTO> = {}): SourceDTO => ({
  id,
  sourceId: `00000000-0000-4000-8000-00000000000${id}`,
  sourceName,
  expectedSourceName: null,
  assigned: false,
  sourceType: WEAR,
  subjectLogin: null,
  project: { id: 1, projectName: 'radar' },
  attributes: {},
  ...extra,
});
