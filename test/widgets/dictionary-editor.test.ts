import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import '../../src/widgets/dictionary-editor/define';
import type { DictionaryChangeDetail, DictionaryEditor } from '../../src/widgets/dictionary-editor/dictionary-editor';
import { $, $$, blur, choose, cleanup, click, mount, optionValues, record, text, type } from './helpers';

// The project attribute keys the project dialog offers.
const projectKeys = ['Work-package', 'Phase', 'External-project-url', 'External-project-id', 'Privacy-policy-url'];

function editor(value: Record<string, string> = {}, extra: Partial<DictionaryEditor> = {}) {
  return mount<DictionaryEditor>('mp-dictionary-editor', { value, allowedKeys: projectKeys, ...extra });
}

const entryTexts = (el: DictionaryEditor) =>
  $$(el, '[part=entry]').map((li) => text(li.querySelector('.dictionary-editor__key'))
    + ' => ' + text(li.querySelector('.dictionary-editor__value')));
const addButton = (el: DictionaryEditor) => $<HTMLButtonElement>(el, '[part=add-button]');
const errors = (el: DictionaryEditor) => $$(el, '[part=error]').map((p) => `${p.id}: ${text(p)}`);

const List = suite('mp-dictionary-editor: listing');
List.after.each(cleanup);

List('lists key => value entries, each with a remove button', async () => {
  const el = await editor({ Phase: 'pilot', 'Work-package': 'WP3' });
  assert.instance(el, customElements.get('mp-dictionary-editor')!);
  assert.equal(entryTexts(el), ['Phase => pilot', 'Work-package => WP3']);
  const removes = $$<HTMLButtonElement>(el, '[part=remove-button]');
  assert.equal(removes.map((b) => b.getAttribute('aria-label')), ['Remove: Phase', 'Remove: Work-package']);
});

List('shows the empty text for an empty or null value', async () => {
  const el = await editor({});
  assert.is(text($(el, '.message--muted')), 'No attributes.');
  el.value = null as unknown as Record<string, string>;
  await el.updateComplete;
  assert.is(text($(el, '.message--muted')), 'No attributes.');
});

List('renders labels given as properties', async () => {
  const el = await editor({ Phase: 'x' }, {
    keyLabel: 'Sleutel', valueLabel: 'Waarde', addLabel: 'Toevoegen', removeLabel: 'Verwijderen', placeholderLabel: 'Kies',
  });
  assert.equal($$(el, '.dictionary-editor__label').map(text), ['Sleutel', 'Waarde']);
  assert.is(text(addButton(el)), 'Toevoegen');
  assert.is(text($(el, '[part=remove-button]')), 'Verwijderen');
  assert.is(text($(el, 'select[name=key] option')), 'Kies');
});

List('offers only the allowed keys not already used', async () => {
  const el = await editor({ Phase: 'pilot', 'Not-allowed': 'kept' });
  assert.equal(optionValues($(el, 'select[name=key]')),
    ['Work-package', 'External-project-url', 'External-project-id', 'Privacy-policy-url']);
  assert.equal(entryTexts(el), ['Phase => pilot', 'Not-allowed => kept'], 'keys outside the allowed list still show');
  el.allowedKeys = ['Human-readable-identifier', 'participant_group'];
  await el.updateComplete;
  assert.equal(optionValues($(el, 'select[name=key]')), ['Human-readable-identifier', 'participant_group']);
});

List('disables the key selector when every allowed key is used', async () => {
  const el = await editor({ a: '1', b: '2' }, { allowedKeys: ['a', 'b'] });
  assert.ok($<HTMLSelectElement>(el, 'select[name=key]').disabled);
  assert.ok(addButton(el).disabled);
});

List.run();

const Add = suite('mp-dictionary-editor: adding');
Add.after.each(cleanup);

Add('add is disabled until both a key and a (non-blank) value are given', async () => {
  const el = await editor();
  assert.ok(addButton(el).disabled);
  await choose(el, 'select[name=key]', 'Phase');
  assert.ok(addButton(el).disabled, 'key without value');
  await type(el, 'input[name=value]', '   ');
  assert.ok(addButton(el).disabled, 'blank value');
  await type(el, 'input[name=value]', 'pilot');
  assert.not.ok(addButton(el).disabled);
  await choose(el, 'select[name=key]', '');
  assert.ok(addButton(el).disabled, 'value without key');
});

Add('shows the required message only under a touched field that is empty', async () => {
  const el = await editor();
  assert.equal(errors(el), [], 'nothing before the user touched anything');
  await blur(el, 'select[name=key]');
  assert.equal(errors(el), ['key-error: This field is required.']);
  const key = $(el, 'select[name=key]');
  assert.is(key.getAttribute('aria-invalid'), 'true');
  assert.is(key.getAttribute('aria-describedby'), 'key-error');
  await type(el, 'input[name=value]', 'x');
  await type(el, 'input[name=value]', '');
  assert.equal(errors(el), ['key-error: This field is required.', 'value-error: This field is required.']);
  await choose(el, 'select[name=key]', 'Phase');
  await type(el, 'input[name=value]', 'pilot');
  assert.equal(errors(el), []);
  assert.is($(el, 'input[name=value]').getAttribute('aria-invalid'), 'false');
});

Add('the required message comes from requiredLabel', async () => {
  const el = await editor({}, { requiredLabel: 'Dit veld is verplicht.' });
  await blur(el, 'input[name=value]');
  assert.equal(errors(el), ['value-error: Dit veld is verplicht.']);
});

Add('adding emits mp-dictionary-change with a new object and starts the add row over', async () => {
  const value = { Phase: 'pilot' };
  const el = await editor(value);
  const seen = record<DictionaryChangeDetail>('mp-dictionary-change');
  await choose(el, 'select[name=key]', 'External-project-url');
  await type(el, 'input[name=value]', '  https://example.org/p  ');
  await click(el, addButton(el));
  seen.stop();
  assert.is(seen.events.length, 1);
  const event = seen.events[0];
  assert.ok(event.bubbles && event.composed, 'bubbles and composed');
  assert.is(event.target, el);
  assert.equal(event.detail.value, { Phase: 'pilot', 'External-project-url': 'https://example.org/p' });
  assert.is.not(event.detail.value, value);
  assert.equal(value, { Phase: 'pilot' }, 'the given object is not mutated');
  assert.equal(entryTexts(el), ['Phase => pilot', 'External-project-url => https://example.org/p']);
  assert.not.ok(optionValues($(el, 'select[name=key]')).includes('External-project-url'), 'a used key is not offered');
  assert.is($<HTMLSelectElement>(el, 'select[name=key]').value, '');
  assert.is($<HTMLInputElement>(el, 'input[name=value]').value, '');
  assert.equal(errors(el), [], 'the fresh add row is not flagged');
  assert.ok(addButton(el).disabled);
});

Add('Enter in the value field adds, or flags the missing key', async () => {
  const el = await editor();
  const seen = record<DictionaryChangeDetail>('mp-dictionary-change');
  await type(el, 'input[name=value]', 'WP1');
  $(el, 'input[name=value]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await el.updateComplete;
  assert.is(seen.events.length, 0);
  assert.equal(errors(el), ['key-error: This field is required.']);
  await choose(el, 'select[name=key]', 'Work-package');
  $(el, 'input[name=value]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await el.updateComplete;
  seen.stop();
  assert.equal(seen.events.map((e) => e.detail.value), [{ 'Work-package': 'WP1' }]);
});

Add('a chosen key that gets used from outside no longer counts', async () => {
  const el = await editor();
  await choose(el, 'select[name=key]', 'Phase');
  await type(el, 'input[name=value]', 'pilot');
  el.value = { Phase: 'other' };
  await el.updateComplete;
  assert.ok(addButton(el).disabled);
});

Add.run();

const Remove = suite('mp-dictionary-editor: removing and disabled');
Remove.after.each(cleanup);

Remove('removing emits the map without that key and offers the key again', async () => {
  const value = { Phase: 'pilot', 'Work-package': 'WP3' };
  const el = await editor(value);
  const seen = record<DictionaryChangeDetail>('mp-dictionary-change');
  await click(el, $$<HTMLButtonElement>(el, '[part=remove-button]')[0]);
  seen.stop();
  assert.is(seen.events.length, 1);
  assert.ok(seen.events[0].bubbles && seen.events[0].composed);
  assert.equal(seen.events[0].detail.value, { 'Work-package': 'WP3' });
  assert.equal(Object.keys(value), ['Phase', 'Work-package'], 'the given object is not mutated');
  assert.equal(entryTexts(el), ['Work-package => WP3']);
  assert.ok(optionValues($(el, 'select[name=key]')).includes('Phase'));
});

Remove('disabled turns off every control', async () => {
  const el = await editor({ Phase: 'pilot' }, { disabled: true });
  assert.ok(el.hasAttribute('disabled'));
  assert.ok($<HTMLSelectElement>(el, 'select[name=key]').disabled);
  assert.ok($<HTMLInputElement>(el, 'input[name=value]').disabled);
  assert.ok(addButton(el).disabled);
  assert.ok($<HTMLButtonElement>(el, '[part=remove-button]').disabled);
});

Remove.run();
