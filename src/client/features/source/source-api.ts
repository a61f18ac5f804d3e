// The source calls of spec 001 §7 (and api.md §5.7, §5.10) the source screens share.
import type { SourceDTO } from '../../../common/dto';
import type { Http } from '../../lib/http';
import { pathOf } from '../../lib/app-url';

export const SOURCES = 'api/sources';
export const sourcePath = (sourceName: string): string => `${SOURCES}/${pathOf(sourceName)}`;
export const projectSourcesPath = (projectName: string): string => `api/projects/${pathOf(projectName)}/sources`;

export async function loadSource(http: Http, sourceName: string, signal?: AbortSignal): Promise<SourceDTO> {
  return (await http.get<SourceDTO>(sourcePath(sourceName), { signal })).data;
}

/** The list event every source screen listens to (client.md §1.3). */
export const SOURCE_LIST_EVENT = 'sourceListModification';
