// One snapshot field on the revision view, rendered for reading: dates in the portal's formats, yes/no, durations
// in words, enumerated values and roles in the interface language, nested entities as links to their live pages,
// attributes as key => value.
import type { ReactNode } from 'react';
import { durationParts, durationText, formatDate, formatDateTime } from '../../components/format';
import { roleAuthorityText, roleLabel } from '../../components/role-name';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import type { FieldLink, FieldValue } from './revision-entity-fields';
import { enumLabel } from './revision-enum-label';

export function RevisionFieldValue({ value }: { value: FieldValue | undefined }): ReactNode {
  const t = useT();
  if (!value) return <span aria-hidden="true">—</span>;
  switch (value.type) {
    case 'text':
      return value.text;
    case 'date':
      return formatDate(value.value) || value.value;
    case 'dateTime':
      return formatDateTime(value.value) || value.value;
    case 'boolean':
      return t(`managementPortalApp.revision.value.${value.value}`);
    case 'duration':
      return durationText(t, durationParts(value.ms, 2));
    case 'enum':
      return enumLabel(t, value.name, value.value);
    case 'links':
      return (
        <ul className="revision-entity__list">
          {value.items.map((item, index) => (
            <li key={index}>
              <LinkText item={item} />
            </li>
          ))}
        </ul>
      );
    case 'attributes':
      return (
        <ul className="revision-entity__list">
          {value.entries.map(([key, text]) => (
            <li key={key}>
              {key} =&gt; {text}
            </li>
          ))}
        </ul>
      );
  }
}

/** A link's text; a role by its name, with its wire form as the title (role-name.ts). */
function LinkText({ item }: { item: FieldLink }): ReactNode {
  const t = useT();
  const label = item.role ? roleLabel(t, item.role) : item.text;
  const title = item.role ? roleAuthorityText(item.role) : undefined;
  return item.to ? <Link to={item.to} title={title}>{label}</Link> : <span title={title}>{label}</span>;
}
