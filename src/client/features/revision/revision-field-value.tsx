// One snapshot field on the revision view, rendered for reading: dates in the portal's formats, yes/no, durations
// in words, nested entities as links to their live pages, attributes as key => value.
import type { ReactNode } from 'react';
import { durationParts, durationText, formatDate, formatDateTime } from '../../components/format';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import type { FieldValue } from './revision-entity-fields';

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
    case 'translated':
      return t(value.key);
    case 'links':
      return (
        <ul className="revision-entity__list">
          {value.items.map((item, index) => (
            <li key={index}>{item.to ? <Link to={item.to}>{item.text}</Link> : item.text}</li>
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
