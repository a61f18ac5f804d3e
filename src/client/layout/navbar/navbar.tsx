// The navigation bar: Home; Entities and Administration for system admins; the organizations the account can see;
// the language menu (when there is a choice); the account menu. Below ~768 px the menus fold behind a burger button.
import { useEffect, useState, type ReactNode } from 'react';
import { rememberLanguageChoice } from '../../lib/language-choice';
import { INTERFACE_LANGUAGE_NAMES, INTERFACE_LANGUAGES } from '../../lib/languages';
import { useLanguage, useT } from '../../lib/i18n-react';
import { Link, useLocation, useRouter } from '../../lib/router-react';
import { selectAccount, selectApiDocsEnabled, selectIsSysAdmin } from '../../lib/session-store';
import { useSession, useSessionState } from '../../lib/session-react';
import { useHttp } from '../../components/services-react';
import { NavMenu, type NavMenuItem } from './nav-menu';
import { adminMenuItems, entityMenuItems, organizationMenuItems } from './navbar-menus';

const selectOrganizations = (state: { organizations: readonly { name: string }[] }) => state.organizations;

export function Navbar(): ReactNode {
  const t = useT();
  const router = useRouter();
  const http = useHttp();
  const session = useSession();
  const [language, setLanguage] = useLanguage();
  const account = useSessionState(selectAccount);
  const isSysAdmin = useSessionState(selectIsSysAdmin);
  const apiDocs = useSessionState(selectApiDocsEnabled);
  const organizations = useSessionState(selectOrganizations);
  const path = useLocation().path;
  const [expanded, setExpanded] = useState(false);
  const collapse = () => setExpanded(false);

  useEffect(collapse, [path]);

  const signOut = () => {
    // Home first: leaving a protected page after the account is gone would remember it as a destination.
    router.navigate('');
    void session.logout();
  };
  const accountItems: NavMenuItem[] = account
    ? [
        { key: 'settings', href: http.url('api/redirect/account'), label: t('global.menu.account.settings') },
        { key: 'password', to: 'password', label: t('global.menu.account.password') },
        { key: 'logout', id: 'logout', onSelect: signOut, label: t('global.menu.account.logout') },
      ]
    : [{ key: 'login', id: 'login', href: http.url('api/redirect/login'), label: t('global.menu.account.login') }];
  const languageItems: NavMenuItem[] = INTERFACE_LANGUAGES.map((code) => ({
    key: code,
    label: INTERFACE_LANGUAGE_NAMES[code],
    checked: code === language,
    onSelect: () => {
      rememberLanguageChoice(code); // kept across reloads; a signed-in account's language still wins on the next visit
      void setLanguage(code);
    },
  }));

  return (
    <header className="navbar">
      <div className="navbar__bar">
        <Link to="" className="navbar__brand">
          <img className="navbar__logo" src="favicon.svg" alt="" width="28" height="28" />
          <span className="navbar__title">{t('managementPortalApp.title')}</span>
        </Link>
        <button
          type="button"
          className="navbar__toggler"
          aria-expanded={expanded}
          aria-controls="navbar-collapse"
          aria-label={t('global.menu.toggle')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar__toggler-icon" aria-hidden="true" />
        </button>
      </div>
      <nav id="navbar-collapse" className={`navbar__collapse${expanded ? ' navbar__collapse--open' : ''}`} aria-label={t('global.menu.label')}>
        <ul className="navbar__nav">
          <li className="navbar__item">
            <Link to="" className="navbar__link" aria-current={path === '' ? 'page' : undefined}>
              {t('global.menu.home')}
            </Link>
          </li>
          {isSysAdmin && <NavMenu id="entity-menu" label={t('global.menu.entities.main')} items={entityMenuItems(t)} onChosen={collapse} />}
          {account && (
            <NavMenu
              id="projects-menu"
              label={t('global.menu.organizations.main')}
              items={organizationMenuItems(t, organizations)}
              onChosen={collapse}
            />
          )}
          {isSysAdmin && (
            <NavMenu id="admin-menu" label={t('global.menu.admin.main')} items={adminMenuItems(t, apiDocs)} onChosen={collapse} />
          )}
          {INTERFACE_LANGUAGES.length > 1 && (
            <NavMenu id="language-menu" label={t('global.menu.language')} items={languageItems} alignEnd onChosen={collapse} />
          )}
          <NavMenu
            id="account-menu"
            label={account ? account.login : t('global.menu.account.main')}
            items={accountItems}
            alignEnd
            onChosen={collapse}
          />
        </ul>
      </nav>
    </header>
  );
}
