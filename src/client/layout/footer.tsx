// The page footer with a link to the user guide.
import type { ReactNode } from 'react';
import { T } from '../lib/i18n-react';

export const USER_GUIDE_URL = 'https://github.com/RADAR-base/ManagementPortal#readme';

export function Footer(): ReactNode {
  return (
    <footer className="footer">
      <p className="footer__text">
        <T k="footer.text" />{' '}
        <a className="footer__link" href={USER_GUIDE_URL} target="_blank" rel="noopener noreferrer">
          <T k="footer.guide" />
        </a>
      </p>
    </footer>
  );
}
