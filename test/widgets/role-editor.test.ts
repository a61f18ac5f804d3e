import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import '../../src/widgets/role-editor/define';
import type { RoleEditor } from '../../src/widgets/role-editor/role-editor';
import type { AuthorityOption, RoleDTO, RolesChangeDetail } from '../../src/widgets/role-editor/role-types';
import { $, $$, choose, cleanup, click, maybe$, mount, optionValues, record, text } from './helpers';

const authorities: AuthorityOption[] = [
  { name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' },
  { name: 'ROLE_ORGANIZATION_ADMIN', scope: 'ORGANIZATION' },
  { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' },
  { name: 'ROLE_USER', scope: 'GLOBAL' },
  { name: 'ROLE_PARTICIPANT', scope: 'PROJECT' },
  { name: 'ROLE_PROJECT_ANALYST', scope: 'PROJECT' },
];
const organizations = [{ id: 1, name: 'main' }, { id: 2, name: 'other' }];
const projects = [{ id: 10, projectName: 'radar' }, { id: 11, projectName: 'demo' }];

function editor(roles: RoleDTO[] = [], extra: Partial<RoleEditor> = {}) {
  return mount<RoleEditor>('mp-role-editor', { roles, authorities, organizations, projects, ...extra });
}

/** Each row: the authority as read, its wire name (the cell's title), the project or organization. */
const rowTexts = (el: RoleEditor) =>
  $$(el, 'tbody tr').map((row) => {
    const [authority, target] = [...row.querySelectorAll('td')];
    return [text(authority), authority.getAttribute('title'), text(target)];
  });
const addButton = (el: RoleEditor) => $<HTMLButtonElement>(el, '[part=add-button]');
const targetSelect = (el: RoleEditor) => maybe$<HTMLSelectElement>(el, 'select[name=target]');
const targetLabel = (el: RoleEditor) => text(targetSelect(el)!.closest('label')!.querySelector('span'));

const Render = suite('mp-role-editor: rendering');
Render.after.each(cleanup);

Render('is registered and lists the current roles with their project or organization', async () => {
  const el = await editor([
    { authorityName: 'ROLE_SYS_ADMIN' },
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' },
  ]);
  assert.instance(el, customElements.get('mp-role-editor')!);
  assert.equal(rowTexts(el), [
    ['System admin', 'ROLE_SYS_ADMIN', ''],
    ['Organization admin', 'ROLE_ORGANIZATION_ADMIN', 'main'],
    ['Project admin', 'ROLE_PROJECT_ADMIN', 'radar'],
  ]);
  const removes = $$<HTMLButtonElement>(el, '[part=remove-button]');
  assert.is(removes.length, 3);
  assert.is(removes[2].getAttribute('aria-label'), 'Remove: Project admin radar');
});

Render('names authorities in the nearest lang; the options keep the wire names as values; an unknown authority shows as it is', async () => {
  const el = await editor([{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' }, { authorityName: 'ROLE_CUSTOM' }]);
  assert.equal($$<HTMLOptionElement>(el, 'select[name=authority] option').slice(1).map((o) => [o.value, text(o)]), [
    ['ROLE_SYS_ADMIN', 'System admin'], ['ROLE_ORGANIZATION_ADMIN', 'Organization admin'], ['ROLE_PROJECT_ADMIN', 'Project admin'],
  ]);
  assert.equal(rowTexts(el)[1], ['ROLE_CUSTOM', 'ROLE_CUSTOM', '']);
  el.setAttribute('lang', 'nl');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
  assert.equal(rowTexts(el)[0], ['Projectbeheerder', 'ROLE_PROJECT_ADMIN', 'radar']);
  assert.equal($$<HTMLOptionElement>(el, 'select[name=authority] option').slice(1).map(text), ['Systeembeheerder', 'Organisatiebeheerder', 'Projectbeheerder']);
});

Render('shows the empty text when there are no roles, also for a null roles property', async () => {
  const el = await editor([]);
  assert.is(text($(el, 'tbody')), 'No roles assigned.');
  el.roles = null as unknown as RoleDTO[];
  await el.updateComplete;
  assert.is(text($(el, 'tbody')), 'No roles assigned.');
});

Render('renders labels given as properties instead of the English defaults', async () => {
  const el = await editor([], {
    authorityLabel: 'Autoriteit', targetColumnLabel: 'Project of organisatie', addLabel: 'Toevoegen',
    noRolesLabel: 'Geen rollen', placeholderLabel: 'Kies...', projectLabel: 'Studie',
  });
  assert.equal($$(el, 'thead th').slice(0, 2).map(text), ['Autoriteit', 'Project of organisatie']);
  assert.is(text(addButton(el)), 'Toevoegen');
  assert.is(text($(el, 'tbody')), 'Geen rollen');
  assert.is(text($(el, 'select[name=authority] option')), 'Kies...');
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.is(targetLabel(el), 'Studie');
});

Render.run();

const Offer = suite('mp-role-editor: what is offered');
Offer.after.each(cleanup);

Offer('offers only the system, organization and project admin authorities', async () => {
  const el = await editor();
  assert.equal(optionValues($(el, 'select[name=authority]')),
    ['ROLE_SYS_ADMIN', 'ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN']);
});

Offer('leaves out a global authority already held, but keeps scoped ones that are held', async () => {
  const el = await editor([
    { authorityName: 'ROLE_SYS_ADMIN' },
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' },
  ]);
  assert.equal(optionValues($(el, 'select[name=authority]')), ['ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN']);
});

Offer('shows the organization selector for an organization-scope authority', async () => {
  const el = await editor();
  assert.is(targetSelect(el), null, 'no second selector before an authority is chosen');
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.is(targetLabel(el), 'Organization');
  assert.equal([...targetSelect(el)!.options].map((o) => text(o)), ['Choose…', 'main', 'other']);
  assert.equal(optionValues(targetSelect(el)!), ['1', '2']);
});

Offer('shows the project selector for a project-scope authority and none for a global one', async () => {
  const el = await editor();
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.is(targetLabel(el), 'Project');
  assert.equal([...targetSelect(el)!.options].map((o) => text(o)), ['Choose…', 'radar', 'demo']);
  await choose(el, 'select[name=authority]', 'ROLE_SYS_ADMIN');
  assert.is(targetSelect(el), null);
});

Offer('leaves out organizations already held as organization admin', async () => {
  const el = await editor([{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' }]);
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['2']);
});

Offer('leaves out projects already held as project admin, not those held with another authority', async () => {
  const el = await editor([
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' },
    { authorityName: 'ROLE_PROJECT_ANALYST', projectId: 11, projectName: 'demo' },
  ]);
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['11']);
});

Offer('recognises held projects and organizations by name when a role carries no id', async () => {
  const el = await editor([
    { authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'demo' },
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'other' },
  ]);
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['10']);
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['1']);
});

Offer('follows new roles, authorities, organizations and projects set later', async () => {
  const el = await editor([], { authorities: [], projects: [] });
  assert.equal(optionValues($(el, 'select[name=authority]')), []);
  el.authorities = authorities;
  el.projects = [{ id: 12, projectName: 'late' }];
  await el.updateComplete;
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['12']);
  el.roles = [{ authorityName: 'ROLE_SYS_ADMIN' }];
  await el.updateComplete;
  assert.equal(optionValues($(el, 'select[name=authority]')), ['ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN']);
});

Offer.run();

const Add = suite('mp-role-editor: adding');
Add.after.each(cleanup);

Add('add is disabled until an authority is chosen; a global authority alone is enough', async () => {
  const el = await editor();
  assert.ok(addButton(el).disabled);
  await choose(el, 'select[name=authority]', 'ROLE_SYS_ADMIN');
  assert.not.ok(addButton(el).disabled);
});

Add('an organization-scope authority needs an organization', async () => {
  const el = await editor();
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.ok(addButton(el).disabled);
  await choose(el, 'select[name=target]', '2');
  assert.not.ok(addButton(el).disabled);
  await choose(el, 'select[name=target]', '');
  assert.ok(addButton(el).disabled);
});

Add('a project-scope authority needs a project', async () => {
  const el = await editor();
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  assert.ok(addButton(el).disabled);
  await choose(el, 'select[name=target]', '11');
  assert.not.ok(addButton(el).disabled);
});

Add('changing the authority forgets the organization or project chosen for the previous one', async () => {
  const el = await editor();
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  await choose(el, 'select[name=target]', '11');
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.is(targetSelect(el)!.value, '');
  assert.ok(addButton(el).disabled);
});

Add('adding emits mp-roles-change with a new array and shows the new row', async () => {
  const roles: RoleDTO[] = [{ authorityName: 'ROLE_SYS_ADMIN' }];
  const el = await editor(roles);
  const seen = record<RolesChangeDetail>('mp-roles-change');
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  await choose(el, 'select[name=target]', '11');
  await click(el, addButton(el));
  seen.stop();
  assert.is(seen.events.length, 1);
  const event = seen.events[0];
  assert.ok(event.bubbles && event.composed, 'bubbles and composed');
  assert.is(event.target, el);
  assert.equal(event.detail.roles, [
    { authorityName: 'ROLE_SYS_ADMIN' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 11, projectName: 'demo' },
  ]);
  assert.is.not(event.detail.roles, roles);
  assert.is(roles.length, 1, 'the given array is not mutated');
  assert.equal(rowTexts(el), [['System admin', 'ROLE_SYS_ADMIN', ''], ['Project admin', 'ROLE_PROJECT_ADMIN', 'demo']]);
  assert.is($<HTMLSelectElement>(el, 'select[name=authority]').value, '', 'the add row starts over');
  assert.ok(addButton(el).disabled);
});

Add('adding an organization admin role carries the organization id and name', async () => {
  const el = await editor();
  const seen = record<RolesChangeDetail>('mp-roles-change');
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  await choose(el, 'select[name=target]', '1');
  await click(el, addButton(el));
  seen.stop();
  assert.equal(seen.events.map((e) => e.detail.roles),
    [[{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' }]]);
  await choose(el, 'select[name=authority]', 'ROLE_ORGANIZATION_ADMIN');
  assert.equal(optionValues(targetSelect(el)!), ['2'], 'the organization just added is no longer offered');
});

Add('adding a role that is already present shows the already-exists error and emits nothing', async () => {
  const el = await editor();
  const seen = record<RolesChangeDetail>('mp-roles-change');
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  await choose(el, 'select[name=target]', '10');
  // Meanwhile the same role arrives from outside (e.g. the dialog reloaded the user).
  el.roles = [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' }];
  await el.updateComplete;
  assert.is(maybe$(el, '[part=error]'), null);
  await click(el, addButton(el));
  seen.stop();
  assert.is(seen.events.length, 0);
  const error = $(el, '[part=error]');
  assert.is(text(error), 'This role has already been assigned.');
  assert.is(error.getAttribute('role'), 'alert');
  assert.is(el.roles.length, 1);
  await choose(el, 'select[name=authority]', 'ROLE_SYS_ADMIN');
  assert.is(maybe$(el, '[part=error]'), null, 'a new choice clears the error');
});

Add('the duplicate message comes from errorAlreadyExistLabel', async () => {
  const el = await editor([], { errorAlreadyExistLabel: 'Rol bestaat al' });
  await choose(el, 'select[name=authority]', 'ROLE_SYS_ADMIN');
  el.roles = [{ authorityName: 'ROLE_SYS_ADMIN' }];
  await el.updateComplete;
  await click(el, addButton(el));
  assert.is(text($(el, '[part=error]')), 'Rol bestaat al');
});

Add.run();

const Remove = suite('mp-role-editor: removing');
Remove.after.each(cleanup);

Remove('removes the role matching authority plus project, leaving other authorities on that project', async () => {
  const roles: RoleDTO[] = [
    { authorityName: 'ROLE_PROJECT_ANALYST', projectId: 10, projectName: 'radar' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 11, projectName: 'demo' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar' },
  ];
  const el = await editor(roles);
  const seen = record<RolesChangeDetail>('mp-roles-change');
  await click(el, $$<HTMLButtonElement>(el, '[part=remove-button]')[2]);
  seen.stop();
  assert.is(seen.events.length, 1);
  assert.ok(seen.events[0].bubbles && seen.events[0].composed);
  assert.equal(seen.events[0].detail.roles, roles.slice(0, 2));
  assert.is(roles.length, 3, 'the given array is not mutated');
  assert.equal(rowTexts(el), [['Project analyst', 'ROLE_PROJECT_ANALYST', 'radar'], ['Project admin', 'ROLE_PROJECT_ADMIN', 'demo']]);
});

Remove('removes the role matching authority plus organization', async () => {
  const el = await editor([
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' },
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 2, organizationName: 'other' },
    { authorityName: 'ROLE_SYS_ADMIN' },
  ]);
  const seen = record<RolesChangeDetail>('mp-roles-change');
  await click(el, $$<HTMLButtonElement>(el, '[part=remove-button]')[1]);
  await click(el, $$<HTMLButtonElement>(el, '[part=remove-button]')[1]);
  seen.stop();
  assert.equal(seen.events.map((e) => e.detail.roles), [
    [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' }, { authorityName: 'ROLE_SYS_ADMIN' }],
    [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' }],
  ]);
  assert.ok(optionValues($(el, 'select[name=authority]')).includes('ROLE_SYS_ADMIN'), 'a removed global role is offered again');
});

Remove.run();

const Disabled = suite('mp-role-editor: disabled');
Disabled.after.each(cleanup);

Disabled('disables every control and ignores clicks', async () => {
  const el = await editor([{ authorityName: 'ROLE_SYS_ADMIN' }], { disabled: true });
  assert.ok(el.hasAttribute('disabled'), 'reflected for styling');
  assert.ok($<HTMLSelectElement>(el, 'select[name=authority]').disabled);
  assert.ok(addButton(el).disabled);
  const remove = $<HTMLButtonElement>(el, '[part=remove-button]');
  assert.ok(remove.disabled);
  const seen = record<RolesChangeDetail>('mp-roles-change');
  remove.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
  await el.updateComplete;
  seen.stop();
  assert.is(seen.events.length, 0);
  assert.is(el.roles.length, 1);
});

Disabled('the attribute works too', async () => {
  const el = await editor();
  el.setAttribute('disabled', '');
  await el.updateComplete;
  assert.is(el.disabled, true);
  assert.ok($<HTMLSelectElement>(el, 'select[name=authority]').disabled);
});

Disabled.run();
