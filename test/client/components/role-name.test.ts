import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authorityLabel, roleAuthorityText, roleLabel } from '../../../src/client/components/role-name';
import { dictionary } from './harness';

const t = suite('role names');

/** A translate function over a flattened dictionary, with `{{param}}` filled in. */
const fake = (table: Record<string, string>) => (key: string, params?: Record<string, unknown>) =>
  (table[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

t('roles read as words, with the project or organization; an unknown authority keeps its name', () => {
  const flat = (language: 'en' | 'nl') => {
    const out: Record<string, string> = {};
    const walk = (node: unknown, prefix: string) => {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (typeof v === 'string') out[prefix + k] = v;
        else walk(v, `${prefix}${k}.`);
      }
    };
    walk(dictionary(language), '');
    return fake(out);
  };
  const en = flat('en');
  const nl = flat('nl');
  assert.is(roleLabel(en, { authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }), 'Project admin, radar');
  assert.is(roleLabel(en, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }), 'Organization admin, main');
  assert.is(roleLabel(en, { authorityName: 'ROLE_SYS_ADMIN' }), 'System admin');
  assert.is(roleLabel(nl, { authorityName: 'ROLE_PROJECT_ANALYST', projectName: 'radar' }), 'Projectanalist, radar');
  assert.is(authorityLabel(en, 'ROLE_SOMETHING_NEW'), 'ROLE_SOMETHING_NEW');
  assert.is(roleAuthorityText({ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }), 'ROLE_PROJECT_ADMIN: radar');
});

t.run();
