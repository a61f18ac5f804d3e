import '../setup/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as widgets from '../../src/widgets/index';
import { defineElement } from '../../src/widgets/shared/define-element';

test('the widgets entry registers all three elements', () => {
  assert.is(customElements.get('mp-role-editor'), widgets.RoleEditor);
  assert.is(customElements.get('mp-dictionary-editor'), widgets.DictionaryEditor);
  assert.is(customElements.get('mp-show-more'), widgets.ShowMore);
  assert.equal([widgets.ROLE_EDITOR_TAG, widgets.DICTIONARY_EDITOR_TAG, widgets.SHOW_MORE_TAG],
    ['mp-role-editor', 'mp-dictionary-editor', 'mp-show-more']);
});

test('registering again is harmless, also with a different class (a second copy of the bundle)', async () => {
  widgets.defineRoleEditor();
  widgets.defineDictionaryEditor();
  widgets.defineShowMore();
  class SecondCopy extends HTMLElement {}
  defineElement('mp-show-more', SecondCopy);
  assert.is(customElements.get('mp-show-more'), widgets.ShowMore, 'the first registration stays');
  await import('../../src/widgets/role-editor/define');
  assert.is(customElements.get('mp-role-editor'), widgets.RoleEditor);
});

test('elements are set through DOM properties, as React 19 does for defined custom elements', () => {
  for (const [tag, prop] of [['mp-role-editor', 'roles'], ['mp-dictionary-editor', 'value'], ['mp-show-more', 'items']]) {
    assert.ok(prop in document.createElement(tag), `${tag} has a ${prop} property`);
  }
});

test.run();
