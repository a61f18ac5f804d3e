// Catches a page or popup that throws while rendering (or whose chunk fails to load), so the navbar and the rest of
// the app stay usable. The one class component: React has no hook for error boundaries.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { T } from '../lib/i18n-react';

interface State {
  failed: boolean;
}

export class PageErrorBoundary extends Component<{ children?: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page-error" role="alert">
        <h1 className="page-error__title">
          <T k="error.title" />
        </h1>
        <p>
          <T k="error.page.failed" />
        </p>
      </section>
    );
  }
}
