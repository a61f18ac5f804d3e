import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import en from '../../static/i18n/en.json';
import nl from '../../static/i18n/nl.json';
import '../../src/widgets/index';
import type { DictionaryEditor, RoleEditor, ShowMore } from '../../src/widgets/index';
import { languageOf, translate, widgetLanguage } from '../../src/widgets/shared/i18n';
import labelKeys from '../../src/widgets/shared/label-keys.json';
import valueKeys from '../../src/widgets/shared/value-keys.json';
import { ROLE_AUTHORITIES } from '../../src/common/authorities';
import { $, $$, cleanup, text } from './helpers';

/** The app's text for a dotted key, read straight from the dictionary file. */
const appText = (dictionary: unknown, key: string) => key.split('.').reduce<unknown>((node, part) =>
  (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), dictionary);

const hosts: HTMLElement[] = [];
/** A `<div lang=...>` holding a fresh `tag`, attached, rendered. */
async function inLang<T extends HTMLElement & { updateComplete: Promise<boolean> }>(
  lang: string | null, tag: string, props: Partial<T> = {},
): Promise<{ host: HTMLElement; el: T }> {
  const host = document.createElement('div');
  if (lang !== null) host.setAttribute('lang', lang);
  const el = document.createElement(tag) as T;
  Object.assign(el, props);
  host.append(el);
  document.body.append(host);
  hosts.push(host);
  await el.updateComplete;
  return { host, el };
}
/** Lets the shared lang observer (a MutationObserver) run, then the re-render it asked for. */
async function settle(el: { updateComplete: Promise<boolean> }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
}

const Texts = suite('widget labels: the texts');
Texts('every label key has an English and a Dutch text in the app dictionaries', () => {
  for (const [tag, labels] of Object.entries(labelKeys)) {
    for (const [property, key] of Object.entries(labels)) {
      assert.type(appText(en, key), 'string', `${tag}.${property}: en ${key}`);
      assert.type(appText(nl, key), 'string', `${tag}.${property}: nl ${key}`);
      assert.is(translate('en', key), appText(en, key));
      assert.is(translate('nl', key), appText(nl, key));
    }
  }
});

Texts('every enumerated value the widgets name has an English and a Dutch text; the authorities are all the roles', () => {
  for (const [kind, values] of Object.entries(valueKeys)) {
    for (const [value, key] of Object.entries(values)) {
      assert.type(appText(en, key), 'string', `${kind}.${value}: en ${key}`);
      assert.type(appText(nl, key), 'string', `${kind}.${value}: nl ${key}`);
      assert.is.not(appText(nl, key), appText(en, key), `${kind}.${value}: nl is Dutch`);
    }
  }
  assert.equal(Object.keys(valueKeys.authority).sort(), ROLE_AUTHORITIES.map((a) => a.name).sort());
});

Texts('the label keys name exactly the label properties of each element', () => {
  for (const [tag, labels] of Object.entries(labelKeys)) {
    const element = customElements.get(tag) as unknown as { elementProperties: Map<string, { attribute?: unknown }> };
    const real = [...element.elementProperties.keys()].filter((name) => name.endsWith('Label')).sort();
    assert.equal(Object.keys(labels).sort(), real, tag);
  }
});

Texts('a lang picks a built-in language by its primary subtag, anything else is English', () => {
  assert.is(widgetLanguage('nl'), 'nl');
  assert.is(widgetLanguage('nl-BE'), 'nl');
  assert.is(widgetLanguage('NL'), 'nl');
  assert.is(widgetLanguage('en-GB'), 'en');
  assert.is(widgetLanguage('de'), 'en');
  assert.is(widgetLanguage(''), 'en');
  assert.is(widgetLanguage(null), 'en');
  assert.is(translate('nl', 'no.such.key'), 'no.such.key', 'a missing text shows its key');
});

const Lang = suite('widget labels: the nearest lang');
Lang.after.each(() => {
  for (const host of hosts.splice(0)) host.remove();
  cleanup();
  document.documentElement.removeAttribute('lang');
});

Lang('English without any lang, Dutch under lang="nl", for all three elements', async () => {
  const { el: role } = await inLang<RoleEditor>(null, 'mp-role-editor');
  assert.is(languageOf(role), 'en');
  assert.is(text($(role, '[part=add-button]')), 'Add role');
  assert.is(text($(role, 'tbody')), 'No roles assigned.');

  const { el: rol } = await inLang<RoleEditor>('nl', 'mp-role-editor');
  assert.is(text($(rol, '[part=add-button]')), 'Rol toevoegen');
  assert.is(text($(rol, 'tbody')), 'Geen rollen toegekend.');
  assert.equal($$(rol, 'thead th').map(text), ['Autorisatie', 'Project of organisatie', 'Acties']);
  assert.is(text($(rol, 'select[name=authority] option')), 'Kies…');

  const { el: dictionary } = await inLang<DictionaryEditor>('nl', 'mp-dictionary-editor', { value: { Phase: 'pilot' } });
  assert.equal($$(dictionary, '.dictionary-editor__label').map(text), ['Sleutel', 'Waarde']);
  assert.is(text($(dictionary, '[part=add-button]')), 'Toevoegen');
  assert.is(text($(dictionary, '[part=remove-button]')), 'Verwijderen');
  assert.is($(dictionary, '[part=remove-button]').getAttribute('aria-label'), 'Verwijderen: Phase');

  const { el: more } = await inLang<ShowMore>('nl-NL', 'mp-show-more', { items: ['a', 'b', 'c'], limit: 1 });
  assert.is(text($(more, '[part=toggle]')), 'Meer tonen (2)');
});

Lang('the lang of an outer element counts, and the document\'s own', async () => {
  document.documentElement.setAttribute('lang', 'nl');
  const { el } = await inLang<ShowMore>(null, 'mp-show-more', { items: ['a', 'b'], limit: 1 });
  assert.is(text($(el, '[part=toggle]')), 'Meer tonen (1)');
  const { el: english } = await inLang<ShowMore>('en', 'mp-show-more', { items: ['a', 'b'], limit: 1 });
  assert.is(text($(english, '[part=toggle]')), 'Show more (1)', 'the nearest lang wins');
});

Lang('inside another element\'s shadow root the host\'s lang counts', async () => {
  const outer = document.createElement('div');
  outer.setAttribute('lang', 'nl');
  const inner = document.createElement('div');
  outer.append(inner);
  document.body.append(outer);
  hosts.push(outer);
  const shadow = inner.attachShadow({ mode: 'open' });
  const el = document.createElement('mp-dictionary-editor') as DictionaryEditor;
  shadow.append(el);
  await el.updateComplete;
  assert.is(languageOf(el), 'nl');
  assert.is(text($(el, '[part=add-button]')), 'Toevoegen');
});

Lang('changing lang on the page re-renders the labels', async () => {
  const { host, el } = await inLang<RoleEditor>('en', 'mp-role-editor');
  assert.is(text($(el, '[part=add-button]')), 'Add role');
  host.setAttribute('lang', 'nl');
  await settle(el);
  assert.is(text($(el, '[part=add-button]')), 'Rol toevoegen');
  host.removeAttribute('lang');
  await settle(el);
  assert.is(text($(el, '[part=add-button]')), 'Add role');
});

Lang('a label set as a property or an attribute wins over the built-in text, in any language', async () => {
  const { host, el } = await inLang<RoleEditor>('nl', 'mp-role-editor', { addLabel: 'Toekennen' });
  assert.is(text($(el, '[part=add-button]')), 'Toekennen');
  el.setAttribute('no-roles-label', 'Nog niets');
  await el.updateComplete;
  assert.is(text($(el, 'tbody')), 'Nog niets');
  host.setAttribute('lang', 'en');
  await settle(el);
  assert.is(text($(el, '[part=add-button]')), 'Toekennen', 'still the page\'s text');
  assert.is(text($(el, 'thead th')), 'Authority', 'the others follow the language');
  el.removeAttribute('no-roles-label');
  el.addLabel = undefined;
  await el.updateComplete;
  assert.is(text($(el, 'tbody')), 'No roles assigned.', 'back to the built-in text');
  assert.is(text($(el, '[part=add-button]')), 'Add role');
  el.addLabel = '';
  await el.updateComplete;
  assert.is(text($(el, '[part=add-button]')), '', 'an empty text is the page\'s choice too');

  const { el: more } = await inLang<ShowMore>('nl', 'mp-show-more', { items: ['a', 'b', 'c'], limit: 1 });
  more.setAttribute('show-more-label', 'Nog {{count}}');
  await more.updateComplete;
  assert.is(text($(more, '[part=toggle]')), 'Nog 2');
});

Texts.run();
Lang.run();
