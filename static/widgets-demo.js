// The widgets demo page (widgets.html, docs/widgets.md): feeds the live examples, logs their events, switches
// language and theme, fills in the snippet with this portal's address and renders the reference from
// custom-elements.json. A plain module: the page is meant to read like any page of the platform using the widgets.
const $ = (selector) => document.querySelector(selector);

// Descriptions are written in Markdown's `code` spans: shown as code, never parsed as HTML.
function prose(text) {
  return text.split('`').map((piece, i) => (i % 2 ? element('code', { textContent: piece }) : piece));
}

function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  el.append(...children);
  return el;
}

// The examples. The same data a platform page would fetch from the portal's API.
function feedExamples() {
  const roles = $('#demo-role-editor');
  roles.authorities = [
    { name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' },
    { name: 'ROLE_ORGANIZATION_ADMIN', scope: 'ORGANIZATION' },
    { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' },
  ];
  roles.organizations = [{ id: 1, name: 'main' }, { id: 2, name: 'Hospital network' }];
  roles.projects = [{ id: 10, projectName: 'radar-pilot' }, { id: 11, projectName: 'sleep-study' }];
  roles.roles = [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar-pilot' }];

  const dictionary = $('#demo-dictionary-editor');
  dictionary.allowedKeys = ['Work-package', 'Phase', 'External-project-url', 'External-project-id', 'Privacy-policy-url'];
  dictionary.value = { Phase: 'pilot' };

  $('#demo-show-more').items = [
    'MEASUREMENT.READ', 'MEASUREMENT.CREATE', 'PROJECT.READ', 'SUBJECT.READ', 'SUBJECT.UPDATE', 'SOURCE.READ',
  ];
}

function logEvents() {
  const log = $('#event-log');
  for (const name of ['mp-roles-change', 'mp-dictionary-change', 'mp-show-more-toggle']) {
    document.addEventListener(name, (event) => {
      log.prepend(element('li', {}, [element('code', { textContent: name }), ` ${JSON.stringify(event.detail)}`]));
      while (log.children.length > 8) log.lastElementChild.remove();
    });
  }
}

function controls() {
  const examples = $('#examples');
  for (const radio of document.querySelectorAll('input[name=demo-lang]')) {
    radio.addEventListener('change', () => examples.setAttribute('lang', radio.value));
  }
  $('#demo-dark').addEventListener('change', (event) => examples.classList.toggle('demo-dark', event.target.checked));
}

function snippet() {
  const url = (path) => new URL(path, location.href).href;
  for (const code of document.querySelectorAll('[data-url]')) code.textContent = url(code.dataset.url);
  const text = [
    `<script type="module" src="${url('widgets.js')}"></script>`,
    '',
    '<div lang="nl">',
    '  <mp-show-more id="scopes" limit="2"></mp-show-more>',
    '</div>',
    '<script type="module">',
    "  const scopes = document.getElementById('scopes');",
    "  scopes.items = ['MEASUREMENT.READ', 'PROJECT.READ', 'SUBJECT.READ'];",
    "  scopes.addEventListener('mp-show-more-toggle', (event) => console.log(event.detail.expanded));",
    '</script>',
  ].join('\n');
  $('#snippet').textContent = text;
  $('#copy-snippet').addEventListener('click', async () => {
    const status = $('#copy-status');
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = 'Copied.';
    } catch {
      status.textContent = 'Copying is not allowed here: select the snippet and copy it.';
    }
  });
}

// columns: [title, cell(row), whether the cell is code]; the first column heads its row.
function table(caption, columns, rows) {
  if (!rows.length) return element('p', { className: 'demo-none', textContent: `${caption}: none.` });
  const head = element('tr', {}, columns.map(([title]) => element('th', { scope: 'col', textContent: title })));
  const body = rows.map((row) => element('tr', {}, columns.map(([, cell, code], i) => {
    const value = cell(row) ?? '';
    const content = code && value !== '—' ? [element('code', { textContent: value })] : prose(value);
    return element(i === 0 ? 'th' : 'td', i === 0 ? { scope: 'row' } : {}, content);
  })));
  // A table wider than a phone scrolls sideways: focusable (and named) so a keyboard user can scroll it too.
  return element('div', { className: 'demo-table-wrap', tabIndex: 0, role: 'region', ariaLabel: caption }, [
    element('table', { className: 'demo-table' }, [
      element('caption', { textContent: caption }), element('thead', {}, [head]), element('tbody', {}, body),
    ]),
  ]);
}

async function reference() {
  const target = $('#reference');
  try {
    const response = await fetch('custom-elements.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = await response.json();
    const declarations = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
    target.replaceChildren(...declarations.map((d) => element('article', { className: 'demo-reference' }, [
      element('h3', {}, [element('code', { textContent: `<${d.tagName}>` })]),
      ...d.description.split('\n\n').map((p) => element('p', {}, prose(p))),
      table('Attributes', [
        ['Attribute', (a) => a.name, true], ['Type', (a) => a.type?.text, true], ['Description', (a) => a.description],
      ], d.attributes),
      table('Properties', [
        ['Property', (m) => m.name, true], ['Attribute', (m) => m.attribute ?? '—', true], ['Type', (m) => m.type?.text, true],
        ['Default', (m) => m.default ?? '—', true], ['Description', (m) => m.description],
      ], d.members),
      table('Events', [
        ['Event', (e) => e.name, true], ['Type', (e) => e.type?.text, true], ['Description', (e) => e.description],
      ], d.events),
      table('Slots', [['Slot', (s) => s.name || '(default)', true], ['Description', (s) => s.description]], d.slots),
      table('CSS parts', [['Part', (p) => p.name, true], ['Description', (p) => p.description]], d.cssParts),
      table('CSS custom properties', [
        ['Property', (p) => p.name, true], ['Default', (p) => p.default ?? '—', true], ['Description', (p) => p.description],
      ], d.cssProperties),
    ])));
  } catch (error) {
    target.textContent = `The manifest could not be read (${error.message}).`;
  }
}

await Promise.all(['mp-role-editor', 'mp-dictionary-editor', 'mp-show-more'].map((tag) => customElements.whenDefined(tag)));
feedExamples();
logEvents();
controls();
snippet();
await reference();
