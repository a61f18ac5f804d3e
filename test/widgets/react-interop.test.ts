import '../setup/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement, useState } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import '../../src/widgets/index';
import type { RoleDTO, RoleEditor, RolesChangeEvent } from '../../src/widgets/index';
import type { DictionaryChangeEvent, DictionaryEditor, ShowMore } from '../../src/widgets/index';
import { $, $$, choose, click, text, type } from './helpers';

// React 19 sets props on defined custom elements as DOM properties and turns `on<event-name>` props into listeners:
// this is exactly how the app uses the widgets, without any wrapper.

let root: Root | undefined;
let host: HTMLElement | undefined;

async function render(element: ReturnType<typeof createElement>) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(element));
}

async function unmount() {
  await act(async () => root?.unmount());
  host?.remove();
}

test('React passes arrays as properties and keeps the roles it gets back from mp-roles-change', async () => {
  const seen: RoleDTO[][] = [];
  function UserRoles() {
    const [roles, setRoles] = useState<RoleDTO[]>([{ authorityName: 'ROLE_SYS_ADMIN' }]);
    return createElement('mp-role-editor', {
      roles,
      authorities: [{ name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' }, { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' }],
      projects: [{ id: 10, projectName: 'radar' }],
      organizations: [],
      addLabel: 'Rol toevoegen',
      'onmp-roles-change': (event: RolesChangeEvent) => {
        seen.push(event.detail.roles);
        setRoles(event.detail.roles);
      },
    });
  }
  await render(createElement(UserRoles));
  const el = host!.querySelector('mp-role-editor') as RoleEditor;
  await el.updateComplete;
  assert.equal(el.roles, [{ authorityName: 'ROLE_SYS_ADMIN' }]);
  assert.is(text($(el, '[part=add-button]')), 'Rol toevoegen');
  await choose(el, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  await choose(el, 'select[name=target]', '10');
  await act(async () => $(el, '[part=add-button]').click());
  await el.updateComplete;
  assert.is(seen.length, 1);
  assert.is(el.roles, seen[0], 'React handed back the emitted array');
  assert.is($$(el, 'tbody tr').length, 2);
  await unmount();
});

test('React drives the dictionary editor and the show-more list', async () => {
  const values: Record<string, string>[] = [];
  await render(createElement('div', null,
    createElement('mp-dictionary-editor', {
      value: {}, allowedKeys: ['Phase'],
      'onmp-dictionary-change': (event: DictionaryChangeEvent) => values.push(event.detail.value),
    }),
    createElement('mp-show-more', { items: ['a', 'b', 'c'], limit: 2 })));
  const dictionary = host!.querySelector('mp-dictionary-editor') as DictionaryEditor;
  const showMore = host!.querySelector('mp-show-more') as ShowMore;
  await dictionary.updateComplete;
  await showMore.updateComplete;
  await choose(dictionary, 'select[name=key]', 'Phase');
  await type(dictionary, 'input[name=value]', 'pilot');
  await click(dictionary, $(dictionary, '[part=add-button]'));
  assert.equal(values, [{ Phase: 'pilot' }]);
  assert.equal($$(showMore, '[part=item]').map(text), ['a', 'b']);
  assert.is(text($(showMore, '[part=toggle]')), 'Show more (1)');
  await unmount();
});

test.run();
