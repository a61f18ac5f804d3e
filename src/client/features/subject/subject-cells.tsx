// The small pieces a subject shows in the list, the detail page and the revisions: its status badge, external id
// (a link when there is an external link), project badges, sources and attributes.
import type { ReactNode } from 'react';
import { ROLE_PARTICIPANT } from '../../../common/authorities';
import type { Attributes, MinimalSourceDetailsDTO, RoleDTO, SubjectStatus } from '../../../common/dto';
import { isHttpUrl } from '../../../common/safe-url';
import { Badge, type BadgeTone } from '../../components/badge';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { subjectStatusLabel } from './subject-status-label';

const STATUS_TONES: Record<SubjectStatus, BadgeTone> = {
  ACTIVATED: 'success',
  DEACTIVATED: 'warning',
  DISCONTINUED: 'neutral',
  INVALID: 'danger',
};

export function SubjectStatusBadge({ status }: { status: SubjectStatus | undefined }): ReactNode {
  const t = useT();
  if (!status) return null;
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{subjectStatusLabel(t, status)}</Badge>;
}

export function ExternalId({ externalId, externalLink }: { externalId?: string | null; externalLink?: string | null }): ReactNode {
  if (!externalId) return null;
  // Only an http(s) link is a link: a subject's external link is free text (ManagementPortal stored anything).
  if (!isHttpUrl(externalLink)) return externalId;
  return (
    <a href={externalLink} target="_blank" rel="noopener noreferrer">
      {externalId}
    </a>
  );
}

/** The projects a subject takes part in (its ROLE_PARTICIPANT roles), each linking to the project. */
export function ProjectBadges({ roles }: { roles: readonly RoleDTO[] | undefined }): ReactNode {
  const projects = (roles ?? []).filter((role) => role.authorityName === ROLE_PARTICIPANT && role.projectName);
  return projects.map((role) => (
    <Link key={role.projectName} to={pathOf('project', role.projectName!)} className="subject-cell__project">
      <Badge tone="info">{role.projectName}</Badge>
    </Link>
  ));
}

export function SourceLinks({ sources }: { sources: readonly MinimalSourceDetailsDTO[] | undefined }): ReactNode {
  const named = (sources ?? []).filter((source) => source.sourceName);
  if (named.length === 0) return null;
  return (
    <ul className="subject-cell__list">
      {named.map((source) => (
        <li key={source.sourceId ?? source.sourceName}>
          <Link to={pathOf('source', source.sourceName!)}>{source.sourceName}</Link>
        </li>
      ))}
    </ul>
  );
}

export function AttributeList({ attributes }: { attributes: Attributes | null | undefined }): ReactNode {
  const entries = Object.entries(attributes ?? {});
  if (entries.length === 0) return null;
  return (
    <ul className="subject-cell__list">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="subject-cell__key" title={key}>{key}</span>: {value}
        </li>
      ))}
    </ul>
  );
}
