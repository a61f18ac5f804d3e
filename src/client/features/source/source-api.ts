// The source endpoints the source screens share.
import type { SourceDTO } from '../../../common/dto';
import type { Http } from '../../lib/http';
import { pathOf } from '../../lib/app-url';

export const SOURCES = 'api/sources';
export const sourcePath = (sourceName: string): string => `${SOURCES}/${pathOf(sourceName)}`;
export const projectSourcesPath = (projectName: string): string => `api/projects/${pathOf(projectName)}/sources`;

export async function loadSource(http: Http, sourceName: string, signal?: AbortSignal): Promise<SourceDTO> {
  return (await http.get<SourceDTO>(sourcePath(sourceName), { signal })).data;
}
