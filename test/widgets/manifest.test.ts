// The Custom Elements Manifest (scripts/widgets-manifest.mjs, from the elements' documentation comments) against the
// elements themselves: their reactive properties and attributes, the events their code dispatches and a user
// triggers, the parts and slots they render and the custom properties their styles read. Any drift fails here.
import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CSSResult, LitElement, PropertyDeclaration } from 'lit';
import '../../src/widgets/index';
import type { DictionaryEditor, RoleEditor, ShowMore } from '../../src/widgets/index';
import {
  manifestFromSources, SCHEMA_VERSION, widgetsManifest, type CemCustomElement,
} from '../../scripts/widgets-manifest.mjs';
import { $, blur, choose, cleanup, click, mount, type } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = widgetsManifest(root);
const elements = manifest.modules.flatMap((m) => m.declarations.map((d) => ({ module: m.path, d })));
const TAGS = ['mp-dictionary-editor', 'mp-role-editor', 'mp-show-more'];

type ElementClass = typeof LitElement & { elementProperties: Map<string, PropertyDeclaration> };
const classOf = (tag: string) => customElements.get(tag) as unknown as ElementClass;
const declarationOf = (tag: string): CemCustomElement => elements.find((e) => e.d.tagName === tag)!.d;
const sorted = (list: Iterable<string>) => [...list].sort();

/** Renders `tag` in states that together show every part, recording every event a user's actions dispatch. */
async function exercise(tag: string): Promise<{ el: LitElement; parts: Set<string>; events: CustomEvent[] }> {
  const events: CustomEvent[] = [];
  const parts = new Set<string>();
  const collectParts = (el: LitElement) => {
    for (const node of el.shadowRoot!.querySelectorAll('[part]')) {
      for (const part of node.getAttribute('part')!.split(/\s+/)) parts.add(part);
    }
  };
  const record = (event: Event) => events.push(event as CustomEvent);
  const names = declarationOf(tag).events.map((e) => e.name);
  // Listening on document also proves the events bubble out of the shadow root.
  for (const name of names) document.addEventListener(name, record);
  let el: LitElement;
  try {
    if (tag === 'mp-role-editor') {
      const editor = await mount<RoleEditor>(tag, {
        roles: [{ authorityName: 'ROLE_SYS_ADMIN' }],
        authorities: [{ name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' }, { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' }],
        projects: [{ id: 10, projectName: 'radar' }, { id: 11, projectName: 'demo' }],
      });
      await choose(editor, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
      await choose(editor, 'select[name=target]', '10');
      await click(editor, $(editor, '[part=add-button]'));
      await choose(editor, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
      await choose(editor, 'select[name=target]', '11');
      editor.roles = [...editor.roles, { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 11, projectName: 'demo' }];
      await editor.updateComplete;
      await click(editor, $(editor, '[part=add-button]')); // a duplicate now: the error shows
      collectParts(editor);
      el = editor;
    } else if (tag === 'mp-dictionary-editor') {
      const editor = await mount<DictionaryEditor>(tag, { value: { Phase: 'pilot' }, allowedKeys: ['Phase', 'Work-package'] });
      await blur(editor, 'select[name=key]'); // left empty: both fields say so
      await blur(editor, 'input[name=value]');
      collectParts(editor);
      await choose(editor, 'select[name=key]', 'Work-package');
      await type(editor, 'input[name=value]', 'WP3');
      await click(editor, $(editor, '[part=add-button]'));
      el = editor;
    } else {
      const list = await mount<ShowMore>(tag, { items: ['a', 'b', 'c'], limit: 1 });
      await click(list, $(list, '[part=toggle]'));
      collectParts(list);
      el = list;
    }
  } finally {
    for (const name of names) document.removeEventListener(name, record);
  }
  return { el, parts, events };
}

const Shape = suite('custom-elements.json: shape');

Shape('is a schema 2.x manifest naming the three elements, their modules and the bundle that defines them', () => {
  assert.match(manifest.schemaVersion, /^2\.\d+\.\d+$/);
  assert.is(manifest.schemaVersion, SCHEMA_VERSION);
  assert.equal(sorted(elements.map((e) => e.d.tagName)), TAGS);
  for (const { module, d } of elements) {
    assert.ok(existsSync(join(root, module)), module);
    assert.is(d.kind, 'class');
    assert.is(d.customElement, true);
    assert.is(d.name, classOf(d.tagName).name, `${d.tagName} is defined by ${d.name}`);
    assert.ok(d.description.length > 40, `${d.tagName} describes itself`);
  }
  const bundle = manifest.modules.find((m) => m.path === 'widgets.js')!;
  const definitions = bundle.exports.filter((e) => e.kind === 'custom-element-definition');
  assert.equal(sorted(definitions.map((e) => e.name)), TAGS);
  for (const e of bundle.exports) {
    const declared = manifest.modules.find((m) => m.path === e.declaration.module)?.declarations.find((d) => d.name === e.declaration.name);
    assert.ok(declared, `${e.name} points at a declaration`);
  }
});

const Real = suite('custom-elements.json: against the elements');
Real.after.each(cleanup);

Real('documents exactly the public reactive properties, their attributes, types and defaults', () => {
  for (const tag of TAGS) {
    const d = declarationOf(tag);
    const real = [...classOf(tag).elementProperties].filter(([, options]) => !options.state);
    assert.equal(sorted(d.members.map((m) => m.name)), sorted(real.map(([name]) => name)), `${tag} properties`);
    const instance = document.createElement(tag) as unknown as Record<string, unknown>;
    const realAttributes: string[] = [];
    for (const [name, options] of real) {
      const member = d.members.find((m) => m.name === name)!;
      const attribute = options.attribute === false ? undefined
        : typeof options.attribute === 'string' ? options.attribute : name.toLowerCase();
      if (attribute) realAttributes.push(attribute);
      assert.is(member.attribute, attribute, `${tag}.${name} attribute`);
      const expectedType = options.type === Boolean ? 'boolean' : options.type === Number ? 'number' : undefined;
      if (expectedType) assert.is(member.type?.text, expectedType, `${tag}.${name} type`);
      else if (attribute) assert.match(member.type?.text ?? '', /^string\b/, `${tag}.${name} is a string attribute`);
      assert.ok(member.type?.text, `${tag}.${name} has a type`);
      // A default is written as JS in the comment; the constructor must set exactly that.
      const actual = instance[name];
      if (member.default === undefined) assert.is(actual, undefined, `${tag}.${name} has no default`);
      else assert.equal(actual, new Function(`return (${member.default});`)(), `${tag}.${name} default`);
      if (attribute) {
        const documented = d.attributes.find((a) => a.name === attribute)!;
        assert.ok(documented, `${tag} documents attribute ${attribute}`);
        assert.is(documented.fieldName, name);
        if (expectedType) assert.is(documented.type?.text, expectedType);
        assert.is(/\breflected\b/.test(documented.description), !!options.reflect, `${tag} [${attribute}] says whether it is reflected`);
      }
    }
    assert.equal(sorted(d.attributes.map((a) => a.name)), sorted(realAttributes), `${tag} attributes`);
  }
});

Real('documents exactly the events the code dispatches, each mp- prefixed with its detail type', () => {
  for (const { module, d } of elements) {
    const source = readFileSync(join(root, module), 'utf8');
    // Every event leaves through emit<Detail>(this, 'name', ...) (src/widgets/shared/emit.ts), never a bare dispatch.
    assert.not.match(source, /dispatchEvent\(/, `${module} dispatches only through emit`);
    const emitted = [...source.matchAll(/emit<(\w+)>\(this,\s*'([^']+)'/g)].map((m) => ({ name: m[2], type: `CustomEvent<${m[1]}>` }));
    const declared = [...source.matchAll(/'([^']+)':\s*(CustomEvent<\w+>);/g)].map((m) => ({ name: m[1], type: m[2] }));
    const documented = d.events.map((e) => ({ name: e.name, type: e.type?.text }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    assert.equal([...new Map(emitted.map((e) => [e.name, e])).values()].sort(byName), documented.sort(byName), `${d.tagName} events`);
    assert.equal(declared.sort(byName), documented, `${d.tagName} HTMLElementEventMap`);
    for (const e of documented) assert.match(e.name, /^mp-/);
    for (const e of d.events) assert.match(e.description, /`detail: \{ \w+: [^`]+ \}`/, `${e.name} spells out its detail`);
  }
});

Real('the events a user triggers are the documented ones, bubbling and composed, with the documented detail', async () => {
  for (const tag of TAGS) {
    const { events } = await exercise(tag);
    const d = declarationOf(tag);
    assert.equal(sorted(new Set(events.map((e) => e.type))), sorted(d.events.map((e) => e.name)), tag);
    for (const event of events) {
      assert.ok(event.bubbles && event.composed, `${event.type} leaves the shadow root`);
      const documented = d.events.find((e) => e.name === event.type)!;
      const field = /`detail: \{ (\w+):/.exec(documented.description)![1];
      assert.equal(Object.keys(event.detail), [field], `${event.type} detail`);
    }
    cleanup();
  }
});

Real('documents exactly the parts and slots the elements render', async () => {
  for (const tag of TAGS) {
    const { el, parts } = await exercise(tag);
    const d = declarationOf(tag);
    assert.equal(sorted(parts), sorted(d.cssParts.map((p) => p.name)), `${tag} parts`);
    const slots = [...el.shadowRoot!.querySelectorAll('slot')].map((s) => s.getAttribute('name') ?? '');
    assert.equal(sorted(slots), sorted(d.slots.map((s) => s.name)), `${tag} slots`);
    cleanup();
  }
});

/** Every `var(--mp-…, fallback)` in `css`: name → the fallbacks used. */
function customProperties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const m of css.matchAll(/var\((--mp-[\w-]+)\s*(,)?/g)) {
    let fallback = '';
    if (m[2]) {
      let depth = 1;
      let i = m.index + m[0].length;
      for (; i < css.length && depth; i++) depth += css[i] === '(' ? 1 : css[i] === ')' ? -1 : 0;
      fallback = css.slice(m.index + m[0].length, i - 1).trim();
    }
    if (!found.has(m[1])) found.set(m[1], new Set());
    found.get(m[1])!.add(fallback);
  }
  return found;
}

Real('documents exactly the CSS custom properties the styles read, with a fallback they use as default', () => {
  for (const tag of TAGS) {
    const css = classOf(tag).elementStyles.map((s) => (s as CSSResult).cssText).join('\n');
    const used = customProperties(css);
    const d = declarationOf(tag);
    assert.equal(sorted(d.cssProperties.map((p) => p.name)), sorted(used.keys()), `${tag} custom properties`);
    for (const p of d.cssProperties) {
      assert.ok(p.description, `${p.name} is described`);
      assert.ok(p.default !== undefined && used.get(p.name)!.has(p.default), `${tag} ${p.name} default ${p.default} is one of ${[...used.get(p.name)!].join(' | ')}`);
    }
  }
});

Real('label properties name their built-in English and Dutch texts', () => {
  const roleEditor = declarationOf('mp-role-editor');
  const add = roleEditor.members.find((m) => m.name === 'addLabel')!;
  assert.match(add.description, /userManagement\.role\.add/);
  assert.match(add.description, /en "Add role", nl "Rol toevoegen"/);
});

Real('the guide (docs/widgets.md) names every element, attribute, property, event, part and custom property', () => {
  const guide = readFileSync(join(root, 'docs/widgets.md'), 'utf8');
  for (const tag of TAGS) {
    const d = declarationOf(tag);
    const names = [
      `<${tag}>`,
      ...d.attributes.map((a) => a.name), ...d.members.map((m) => m.name), ...d.events.map((e) => e.name),
      ...d.cssParts.map((p) => p.name), ...d.cssProperties.map((p) => p.name),
    ];
    for (const name of names) assert.ok(guide.includes(`\`${name}\``), `docs/widgets.md mentions \`${name}\` (${tag})`);
  }
});

const Parser = suite('custom-elements.json: the comment parser');

const element = (doc: string) => [{
  path: 'src/widgets/x/x.ts',
  text: `/**\n * An example element.\n *\n${doc.split('\n').map((l) => ` * ${l}`).join('\n')}\n */\nexport class XEl extends LitElement {\n  static override styles = [sheet];\n}\n`,
}, {
  path: 'src/widgets/x/sheet.ts',
  text: '/**\n * @cssprop [--x-gap=1px] - Gap.\n */\nexport const sheet = css``;\n',
}];

Parser('reads types, bracketed defaults, continuation lines and the documented stylesheets', () => {
  const m = manifestFromSources(element([
    '@element x-el',
    '@attr {boolean} open - Open (reflected).',
    '@prop {string[]} [items=[]] - The items,',
    '  one per line.',
    '@prop {boolean} [open=false] - Open.',
    '@fires {CustomEvent<{ a: number }>} x-change - Changed.',
    '@slot - The content.',
    '@csspart box - The box.',
    '@cssprop [--x-color=var(--y, #fff)] - Colour.',
  ].join('\n')));
  const d = m.modules.find((x) => x.path === 'src/widgets/x/x.ts')!.declarations[0];
  assert.is(d.tagName, 'x-el');
  assert.is(d.description, 'An example element.');
  assert.equal(d.members[0], { kind: 'field', name: 'items', privacy: 'public', type: { text: 'string[]' }, default: '[]', description: 'The items, one per line.' });
  assert.is(d.members[1].attribute, 'open');
  assert.equal(d.attributes[0], { name: 'open', type: { text: 'boolean' }, description: 'Open (reflected).', fieldName: 'open' });
  assert.equal(d.events[0], { name: 'x-change', type: { text: 'CustomEvent<{ a: number }>' }, description: 'Changed.' });
  assert.equal(d.slots, [{ name: '', description: 'The content.' }]);
  assert.equal(d.cssProperties, [
    { name: '--x-color', description: 'Colour.', default: 'var(--y, #fff)' },
    { name: '--x-gap', description: 'Gap.', default: '1px' },
  ]);
  assert.equal(d.superclass, { name: 'LitElement', package: '' });
});

Parser('refuses an unknown tag, a name listed twice and a bad element name, naming the place', () => {
  assert.throws(() => manifestFromSources(element('@element x-el\n@fire x-change')), /src\/widgets\/x\/x\.ts XEl: unknown @fire/);
  assert.throws(() => manifestFromSources(element('@element x-el\n@csspart a\n@csspart a')), /cssParts lists "a" twice/);
  assert.throws(() => manifestFromSources(element('@element xel')), /"xel" is no custom element name/);
});

Shape.run();
Real.run();
Parser.run();
