// The outcome of an account form, shown above it (success in green, failure in red); both are announced.
import type { ReactNode } from 'react';

export interface InlineMessageProps {
  tone: 'success' | 'danger' | 'info';
  children?: ReactNode;
}

export function InlineMessage({ tone, children }: InlineMessageProps): ReactNode {
  return (
    <div className={`inline-message inline-message--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
