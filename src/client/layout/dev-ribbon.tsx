// A band above the navbar on development servers (profile `dev`), so nobody mistakes one for production.
import type { ReactNode } from 'react';
import { T } from '../lib/i18n-react';
import { selectInDevProfile } from '../lib/session-store';
import { useSessionState } from '../lib/session-react';

export function DevRibbon(): ReactNode {
  if (!useSessionState(selectInDevProfile)) return null;
  return (
    <div className="dev-ribbon">
      <span className="dev-ribbon__text">
        <T k="global.ribbon.dev" />
      </span>
    </div>
  );
}
