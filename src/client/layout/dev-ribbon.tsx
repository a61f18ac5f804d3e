// A band above the navbar on development servers (profile `dev`), so nobody mistakes one for production. Its style is
// in features.css, loaded only when the band shows: production servers never fetch it with the first load.
import { useEffect, type ReactNode } from 'react';
import { T } from '../lib/i18n-react';
import { selectInDevProfile } from '../lib/session-store';
import { useSessionState } from '../lib/session-react';
import { loadFeatureStyles } from './feature-styles';

export function DevRibbon(): ReactNode {
  const inDevProfile = useSessionState(selectInDevProfile);
  useEffect(() => {
    if (inDevProfile) void loadFeatureStyles();
  }, [inDevProfile]);
  if (!inDevProfile) return null;
  return (
    <div className="dev-ribbon">
      <span className="dev-ribbon__text">
        <T k="global.ribbon.dev" />
      </span>
    </div>
  );
}
