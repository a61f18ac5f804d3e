// The user list's filters: login and e-mail contain, and an authority. What is typed shows at once;
// the URL (and so the request) follows 300 ms after the typing stops, back on page 1.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Select, TextField } from '../../components/form';
import { authorityLabel } from '../../components/role-name';
import { useDebouncedCallback } from '../../components/use-debounced';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import type { SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import type { UserFilter } from './use-user-list';

export const FILTER_DEBOUNCE_MS = 300;

const selectAuthorities = (state: SessionState) => state.authorities;

type FilterValues = Record<UserFilter, string>;

export function UserFilters(): ReactNode {
  const t = useT();
  const router = useRouter();
  const query = useLocation().query;
  const authorities = useSessionState(selectAuthorities);
  const [login, email, authority] = [query.login ?? '', query.email ?? '', query.authority ?? ''];
  const [values, setValues] = useState<FilterValues>({ login, email, authority });
  // Several fields may change within one debounce period: the URL gets all of them.
  const latest = useRef(values);

  // Back/forward (or a link) changed the filters: show them.
  useEffect(() => {
    latest.current = { login, email, authority };
    setValues(latest.current);
  }, [login, email, authority]);

  const apply = useDebouncedCallback((next: FilterValues) => {
    router.setQuery({ ...next, page: null }, { replace: true });
  }, FILTER_DEBOUNCE_MS);
  const change = (name: UserFilter) => (value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    apply(latest.current);
  };
  const authorityOptions = authorities.map((a) => ({ value: a.name, label: authorityLabel(t, a.name) }));

  return (
    <fieldset className="user-filters">
      <legend className="visually-hidden">{t('userManagement.filter.label')}</legend>
      <TextField type="search" name="login" label={t('userManagement.filter.login')} value={values.login} onChange={change('login')} />
      <TextField type="search" name="email" label={t('userManagement.filter.email')} value={values.email} onChange={change('email')} />
      <Select
        name="authority"
        label={t('userManagement.filter.authority')}
        placeholder={t('userManagement.filter.anyAuthority')}
        options={authorityOptions}
        value={values.authority}
        onChange={change('authority')}
      />
    </fieldset>
  );
}
