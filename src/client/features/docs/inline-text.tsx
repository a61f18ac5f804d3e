// Descriptions in OpenAPI documents are CommonMark; this renders the part ours use (paragraphs, **bold**, `code`) as
// plain elements, never as HTML from the network.
import { Fragment, type ReactNode } from 'react';

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g).filter(Boolean).map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={i}>{part.slice(1, -1)}</code>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

export function InlineText({ text, className }: { text: string | undefined; className?: string }): ReactNode {
  if (!text) return null;
  return text.split(/\n\s*\n/).map((paragraph, i) => (
    <p key={i} className={className}>
      {inline(paragraph.replace(/\s*\n\s*/g, ' '))}
    </p>
  ));
}
