// The widgets' Custom Elements Manifest (custom-elements.json, schema 2.1) from their own documentation comments:
// build.mjs writes it beside widgets.js, and test/widgets/manifest.test.ts holds it against the elements' real
// properties, events, parts and styles, so the documentation cannot drift from the code (docs/widgets.md).
//
// A small, strict parser rather than a dependency: it reads the JSDoc block right before each `export class` (and
// `export const`, for shared styles) in src/widgets, knows the tags below and refuses any other, so a typo fails the
// build instead of vanishing from the manifest.
//   @element tag-name                       (alias @tag, @customElement)
//   @attr {type} name - description         (alias @attribute)
//   @prop {type} [name=default] - text      (alias @property; brackets mark a default, written as JS)
//   @fires {CustomEvent<Detail>} name - text (alias @event)
//   @slot name - text                       (an empty name is the default slot)
//   @csspart name - text                    (alias @part)
//   @cssprop [--name=default] - text        (alias @cssproperty)
// A widget's CSS custom properties also come from the documented stylesheets its `static styles` lists.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const SCHEMA_VERSION = '2.1.0';

const TAGS = {
  element: 'element', tag: 'element', customElement: 'element',
  attr: 'attr', attribute: 'attr',
  prop: 'prop', property: 'prop',
  fires: 'fires', event: 'fires',
  slot: 'slot',
  csspart: 'csspart', part: 'csspart',
  cssprop: 'cssprop', cssproperty: 'cssprop',
};

const DOC_BEFORE_EXPORT = /\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*export\s+(class|const)\s+(\w+)(?:\s+extends\s+(\w+))?/g;

function fail(where, problem) {
  throw new Error(`widgets manifest: ${where}: ${problem}`);
}

/** The text inside a balanced pair starting at `open` (`{...}` or `[...]`), and the index after it. */
function balanced(text, start, open, close, where) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return { inner: text.slice(start + 1, i), end: i + 1 };
  }
  return fail(where, `unbalanced ${open}${close} in "${text}"`);
}

/** `{type} [name=default] - description` → its parts; every part but the name is optional. */
function parseTagText(raw, where) {
  let rest = raw.trim();
  let type;
  if (rest.startsWith('{')) {
    const { inner, end } = balanced(rest, 0, '{', '}', where);
    type = inner.trim();
    rest = rest.slice(end).trim();
  }
  let name;
  let defaultValue;
  if (rest.startsWith('[')) {
    const { inner, end } = balanced(rest, 0, '[', ']', where);
    const eq = inner.indexOf('=');
    name = (eq < 0 ? inner : inner.slice(0, eq)).trim();
    if (eq >= 0) defaultValue = inner.slice(eq + 1).trim();
    rest = rest.slice(end).trim();
  } else {
    const m = /^(\S*)\s*/.exec(rest);
    name = m[1] === '-' ? '' : m[1];
    rest = m[1] === '-' ? rest : rest.slice(m[0].length);
  }
  const description = rest.replace(/^-\s*/, '').trim();
  return { type, name, default: defaultValue, description };
}

/** A JSDoc block's description (paragraphs kept) and its tags, each `{ tag, text }` with continuation lines joined. */
function parseDoc(body, where) {
  const lines = body.split('\n').map((line) => line.replace(/^\s*\*?[ \t]?/, '').trimEnd());
  const description = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) {
      tags.push({ tag: TAGS[tag[1]] ?? `unknown @${tag[1]}`, text: tag[2] });
    } else if (tags.length) {
      if (line.trim()) tags[tags.length - 1].text += ` ${line.trim()}`;
    } else {
      description.push(line.trim());
    }
  }
  const paragraphs = description.join('\n').trim().split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim());
  return { description: paragraphs.filter(Boolean).join('\n\n'), tags };
}

/** Only the blocks the manifest reads must use known tags (any other export may document itself as it likes). */
function checkTags({ tags }, where) {
  const unknown = tags.find((t) => t.tag.startsWith('unknown'));
  if (unknown) fail(where, `${unknown.tag} is no tag the manifest knows (${Object.keys(TAGS).join(', ')})`);
}

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function lookup(dictionary, key) {
  let node = dictionary;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Every documented export of the widget sources: `{ path, kind, name, superclass, doc, body }`. */
function documentedExports(files) {
  const found = [];
  for (const { path, text } of files) {
    for (const m of text.matchAll(DOC_BEFORE_EXPORT)) {
      const where = `${path} ${m[3]}`;
      // The class body up to the next top-level export: enough to find `static styles`.
      const next = text.indexOf('\nexport ', m.index + m[0].length);
      found.push({
        path, kind: m[2], name: m[3], superclass: m[4], where,
        doc: parseDoc(m[1], where),
        body: text.slice(m.index + m[0].length, next < 0 ? undefined : next),
        imports: text,
      });
    }
  }
  return found;
}

function cssPropertiesOf(tags, where) {
  return tags.filter((t) => t.tag === 'cssprop').map((t) => {
    const { name, default: def, description } = parseTagText(t.text, where);
    if (!name.startsWith('--')) fail(where, `@cssprop ${name} must start with --`);
    return { name, description, ...(def !== undefined && { default: def }) };
  });
}

/**
 * The manifest for `files` (`{ path, text }`, paths relative to the repository), with label properties described by
 * `labelKeys` (tag → property → i18n key) and `dictionaries` (language → the app's dictionary).
 */
export function manifestFromSources(files, { labelKeys = {}, dictionaries = {}, bundle = 'widgets.js' } = {}) {
  const exportsFound = documentedExports(files);
  const byName = new Map(exportsFound.map((e) => [e.name, e]));
  const classModules = new Map();
  for (const { path, text } of files) {
    for (const m of text.matchAll(/export\s+class\s+(\w+)/g)) classModules.set(m[1], path);
  }
  const modules = [];
  const definitions = [];
  for (const item of exportsFound) {
    if (item.kind !== 'class') continue;
    const { tags, description } = item.doc;
    const where = item.where;
    const elementTags = tags.filter((t) => t.tag === 'element');
    if (!elementTags.length) continue;
    checkTags(item.doc, where);
    const tagName = parseTagText(elementTags[0].text, where).name;
    if (!/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(tagName)) fail(where, `"${tagName}" is no custom element name`);

    const members = tags.filter((t) => t.tag === 'prop').map((t) => {
      const { type, name, default: def, description: text } = parseTagText(t.text, where);
      const key = labelKeys[tagName]?.[name];
      let memberDescription = text;
      if (key) {
        const texts = Object.entries(dictionaries).map(([lang, dict]) => `${lang} "${lookup(dict, key) ?? fail(where, `no ${lang} text for ${key}`)}"`);
        memberDescription += ` Unset: the built-in text (i18n key \`${key}\`) for the nearest \`lang\`: ${texts.join(', ')}.`;
      }
      return {
        kind: 'field', name, privacy: 'public',
        ...(type && { type: { text: type } }),
        ...(def !== undefined && { default: def }),
        description: memberDescription.trim(),
      };
    });
    const attributes = tags.filter((t) => t.tag === 'attr').map((t) => {
      const { type, name, default: def, description: text } = parseTagText(t.text, where);
      const field = members.find((m) => m.name === name || kebab(m.name) === name);
      if (field) field.attribute = name;
      return {
        name,
        ...(type && { type: { text: type } }),
        ...(def !== undefined && { default: def }),
        description: text,
        ...(field && { fieldName: field.name }),
      };
    });
    const events = tags.filter((t) => t.tag === 'fires').map((t) => {
      const { type, name, description: text } = parseTagText(t.text, where);
      return { name, ...(type && { type: { text: type } }), description: text };
    });
    const slots = tags.filter((t) => t.tag === 'slot').map((t) => {
      const { name, description: text } = parseTagText(t.text, where);
      return { name, description: text };
    });
    const cssParts = tags.filter((t) => t.tag === 'csspart').map((t) => {
      const { name, description: text } = parseTagText(t.text, where);
      return { name, description: text };
    });
    const cssProperties = cssPropertiesOf(tags, where);
    const styles = /static\s+(?:override\s+)?styles\s*=\s*\[?([^\];]*)/.exec(item.body)?.[1] ?? '';
    for (const id of styles.split(',').map((s) => s.trim()).filter(Boolean)) {
      const sheet = byName.get(id);
      if (!sheet) continue;
      checkTags(sheet.doc, sheet.where);
      for (const prop of cssPropertiesOf(sheet.doc.tags, sheet.where)) {
        if (!cssProperties.some((p) => p.name === prop.name)) cssProperties.push(prop);
      }
    }
    for (const [kind, list] of Object.entries({ attributes, members, events, slots, cssParts, cssProperties })) {
      const names = list.map((x) => x.name);
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice !== undefined) fail(where, `${kind} lists "${twice}" twice`);
    }

    const superModule = classModules.get(item.superclass);
    const superPackage = new RegExp(`import\\s*\\{[^}]*\\b${item.superclass}\\b[^}]*\\}\\s*from\\s*'([^'.][^']*)'`).exec(item.imports)?.[1];
    const declaration = {
      kind: 'class', description, name: item.name, tagName, customElement: true,
      ...(item.superclass && {
        superclass: superModule ? { name: item.superclass, module: superModule } : { name: item.superclass, package: superPackage ?? '' },
      }),
      attributes, members, events, slots, cssParts, cssProperties,
    };
    modules.push({
      kind: 'javascript-module', path: item.path, declarations: [declaration],
      exports: [{ kind: 'js', name: item.name, declaration: { name: item.name, module: item.path } }],
    });
    definitions.push({ tagName, name: item.name, module: item.path });
  }
  modules.sort((a, b) => a.path.localeCompare(b.path));
  definitions.sort((a, b) => a.tagName.localeCompare(b.tagName));
  // The bundle a page loads defines every element and exports their classes.
  modules.push({
    kind: 'javascript-module', path: bundle, declarations: [],
    exports: [
      ...definitions.map((d) => ({ kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: d.module } })),
      ...definitions.map((d) => ({ kind: 'js', name: d.name, declaration: { name: d.name, module: d.module } })),
    ],
  });
  return { schemaVersion: SCHEMA_VERSION, modules };
}

function sourceFiles(dir, root) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(abs, root));
    else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
      out.push({ path: relative(root, abs).split(sep).join('/'), text: readFileSync(abs, 'utf8') });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The manifest of the repository at `root`: src/widgets, its label keys and the app's en and nl dictionaries. */
export function widgetsManifest(root) {
  const json = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  return manifestFromSources(sourceFiles(join(root, 'src/widgets'), root), {
    labelKeys: json('src/widgets/shared/label-keys.json'),
    dictionaries: { en: json('static/i18n/en.json'), nl: json('static/i18n/nl.json') },
  });
}
