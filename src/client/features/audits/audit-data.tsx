// An audit event's data map as "key: value" lines.
import type { ReactNode } from 'react';

export function AuditData({ data }: { data?: Record<string, string> }): ReactNode {
  const entries = Object.entries(data ?? {});
  if (!entries.length) return null;
  return (
    <ul className="audit-data">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="audit-data__key">{key}:</span> {value}
        </li>
      ))}
    </ul>
  );
}
