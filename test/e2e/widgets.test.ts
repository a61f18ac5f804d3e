// The widgets on a page of the platform (docs/widgets.md): a plain HTML page on another origin (its own small HTTP
// server, no React) loads widgets.js as a module from the portal, renders all three elements, works them with mouse
// and keyboard, receives their events, themes them with custom properties and ::part, and shows Dutch labels under
// lang="nl"; axe finds nothing serious. Then WIDGETS_ALLOWED_ORIGINS in a real browser, and the portal's demo page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ElementHandle, HTTPResponse, Page } from 'puppeteer-core';
import { axeSerious } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplatesAfterFile } from '../setup/browser-session';

const report = JSON.parse(readFileSync(new URL('../../dist/build-report.json', import.meta.url), 'utf8')) as {
  widgets: { hashed: string };
};
const hashedName = report.widgets.hashed.replace(/^client\//, '');

/** The platform page: nothing but HTML, a stylesheet of its own and a script that feeds the elements. */
function platformPage(portal: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>A page of the platform</title>
  <link rel="icon" href="data:,">
  <style>
    body { font-family: sans-serif; }
    .themed { --mp-color-primary: rgb(111, 66, 193); --mp-radius: 0px; --mp-font-family: monospace; }
    #scopes::part(toggle) { letter-spacing: 2px; }
  </style>
  <script type="module" src="${portal}/widgets.js"></script>
</head>
<body>
  <main>
    <h1>Study administration</h1>
    <section class="themed" aria-labelledby="en-title">
      <h2 id="en-title">In English</h2>
      <mp-role-editor id="roles"></mp-role-editor>
      <mp-dictionary-editor id="attributes"></mp-dictionary-editor>
      <mp-show-more id="scopes" limit="2"></mp-show-more>
    </section>
    <section id="dutch" lang="nl" aria-labelledby="nl-title">
      <h2 id="nl-title">In het Nederlands</h2>
      <mp-role-editor id="rollen"></mp-role-editor>
      <mp-dictionary-editor id="kenmerken"></mp-dictionary-editor>
      <mp-show-more id="bereik" limit="2" show-less-label="Inklappen"></mp-show-more>
    </section>
  </main>
  <script type="module">
    window.received = [];
    for (const name of ['mp-roles-change', 'mp-dictionary-change', 'mp-show-more-toggle']) {
      document.addEventListener(name, (event) =>
        window.received.push({ type: event.type, target: event.target.id, detail: event.detail }));
    }
    await Promise.all(['mp-role-editor', 'mp-dictionary-editor', 'mp-show-more'].map((t) => customElements.whenDefined(t)));
    for (const id of ['roles', 'rollen']) {
      const editor = document.getElementById(id);
      editor.authorities = [{ name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' }, { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' }];
      editor.projects = [{ id: 10, projectName: 'radar-pilot' }, { id: 11, projectName: 'sleep-study' }];
    }
    for (const id of ['attributes', 'kenmerken']) {
      document.getElementById(id).allowedKeys = ['Phase', 'Work-package'];
    }
    for (const id of ['scopes', 'bereik']) {
      document.getElementById(id).items = ['MEASUREMENT.READ', 'PROJECT.READ', 'SUBJECT.READ'];
    }
    window.ready = true;
  </script>
</body>
</html>`;
}

/** A second origin: http://127.0.0.1:<its own port>/?portal=<portal URL> answers the platform page. */
async function startPlatformSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const portal = url.searchParams.get('portal');
    if (url.pathname !== '/' || !portal) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(platformPage(portal));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // the browser's idle keep-alive sockets would hold close() for minutes
    }),
  };
}

type TestPage = Page & { problems(): string[] };

/** `host >>> inner`: one element inside a widget's shadow root. */
async function deep(page: Page, selector: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(selector, { timeout: 5000 });
  assert.ok(handle, selector);
  return handle!;
}

const shadowText = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

/** Where keyboard focus is, through shadow roots: `host-id tag[name]` or `host-id [part]`. */
const focused = (page: Page) => page.evaluate(() => {
  let host: Element | null = null;
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) {
    host = active;
    active = active.shadowRoot.activeElement;
  }
  if (!active) return '';
  const name = active.getAttribute('name');
  const part = active.getAttribute('part');
  return `${host ? `#${host.id} ` : ''}${name ? `${active.localName}[name=${name}]` : part ? `[part=${part}]` : active.localName}`;
});

async function received(page: Page): Promise<{ type: string; target: string; detail: unknown }[]> {
  return page.evaluate(() => (window as unknown as { received: { type: string; target: string; detail: unknown }[] }).received);
}

async function openPlatformPage(page: TestPage, siteOrigin: string, portal: string): Promise<HTTPResponse | undefined> {
  let widgets: HTTPResponse | undefined;
  page.on('response', (response) => {
    if (response.url() === `${portal}/widgets.js`) widgets = response;
  });
  await page.goto(`${siteOrigin}/?portal=${encodeURIComponent(portal)}`, { waitUntil: 'networkidle0' });
  return widgets;
}


let portal: TestServer;
let site: { origin: string; close(): Promise<void> };
let browser: TestBrowser;
const t = suite('widgets on another origin');
t.before(async () => {
  portal = await startTestServer();
  site = await startPlatformSite();
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await site?.close();
  await portal?.close();
  await dropTemplatesAfterFile();
});

t('a plain page on another origin loads widgets.js as a module from the portal and renders all three elements', async () => {
  assert.is.not(new URL(site.origin).origin, new URL(portal.url).origin);
  const page = await browser.newPage();
  const widgets = await openPlatformPage(page, site.origin, portal.url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });
  assert.ok(widgets, 'the page fetched widgets.js from the portal');
  assert.is(widgets!.status(), 200);
  assert.is(widgets!.headers()['access-control-allow-origin'], '*');
  assert.is(widgets!.headers()['content-type'], 'text/javascript; charset=utf-8');
  assert.is(widgets!.headers()['cache-control'], 'no-cache');
  const rendered = await page.evaluate(() => ['roles', 'attributes', 'scopes', 'rollen', 'kenmerken', 'bereik'].map((id) => {
    const el = document.getElementById(id)!;
    return `${el.localName} ${customElements.get(el.localName) ? 'defined' : 'undefined'} ${el.shadowRoot?.childElementCount ? 'rendered' : 'empty'}`;
  }));
  assert.equal(rendered, [
    'mp-role-editor defined rendered', 'mp-dictionary-editor defined rendered', 'mp-show-more defined rendered',
    'mp-role-editor defined rendered', 'mp-dictionary-editor defined rendered', 'mp-show-more defined rendered',
  ]);
  // The source map, the manifest and the hashed bundle are readable from this origin too.
  const fetched = await page.evaluate(async (base, hashed) => {
    const map = await (await fetch(`${base}/widgets.js.map`)).json();
    const manifest = await (await fetch(`${base}/custom-elements.json`)).json();
    const pinned = await fetch(`${base}/${hashed}`);
    return { map: map.version, sources: map.sources.some((s: string) => s.endsWith('src/widgets/show-more/show-more.ts')),
      schema: manifest.schemaVersion, pinned: pinned.status, cache: pinned.headers.get('cache-control') };
  }, portal.url, hashedName);
  assert.equal(fetched, { map: 3, sources: true, schema: '2.1.0', pinned: 200, cache: 'public, max-age=31536000, immutable' });
  assert.equal(page.problems(), []);
  await page.close();
});

t('the elements work with keyboard and mouse, and the page receives their events', async () => {
  const page = await browser.newPage();
  await openPlatformPage(page, site.origin, portal.url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });

  // Role editor, by keyboard: Tab reaches the authority selector, arrows choose, Tab moves on, Enter adds.
  await page.keyboard.press('Tab');
  assert.is(await focused(page), '#roles select[name=authority]');
  await page.keyboard.press('ArrowDown'); // ROLE_SYS_ADMIN
  await page.keyboard.press('ArrowDown'); // ROLE_PROJECT_ADMIN
  await deep(page, '#roles >>> select[name=target]');
  await page.keyboard.press('Tab');
  assert.is(await focused(page), '#roles select[name=target]');
  await page.keyboard.press('ArrowDown'); // radar-pilot
  await page.keyboard.press('Tab');
  assert.is(await focused(page), '#roles [part=add-button]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 1);
  assert.equal(await received(page), [{
    type: 'mp-roles-change', target: 'roles',
    detail: { roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 10, projectName: 'radar-pilot' }] },
  }]);
  // The authority reads as words; its wire name is the cell's title.
  assert.is(await shadowText(page, '#roles >>> tbody'), 'Project admin radar-pilot Remove');
  assert.is(await (await deep(page, '#roles >>> tbody td')).evaluate((td) => td.getAttribute('title')), 'ROLE_PROJECT_ADMIN');
  // ... and by mouse: the row's remove button.
  await (await deep(page, '#roles >>> [part=remove-button]')).click();
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 2);
  assert.equal((await received(page))[1], { type: 'mp-roles-change', target: 'roles', detail: { roles: [] } });

  // Dictionary editor, by keyboard: the key by arrow, the value typed, Enter adds; the mouse removes it again.
  await (await deep(page, '#attributes >>> select[name=key]')).focus();
  await page.keyboard.press('ArrowDown'); // Phase
  await page.keyboard.press('Tab');
  assert.is(await focused(page), '#attributes input[name=value]');
  await page.keyboard.type('pilot');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 3);
  assert.equal((await received(page))[2], { type: 'mp-dictionary-change', target: 'attributes', detail: { value: { Phase: 'pilot' } } });
  await (await deep(page, '#attributes >>> [part=remove-button]')).click();
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 4);
  assert.equal((await received(page))[3], { type: 'mp-dictionary-change', target: 'attributes', detail: { value: {} } });

  // Show more: the mouse expands, the keyboard (Space on the focused toggle) collapses.
  const toggle = await deep(page, '#scopes >>> [part=toggle]');
  assert.is(await shadowText(page, '#scopes >>> [part=toggle]'), 'Show more (1)');
  await toggle.click();
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 5);
  assert.is(await toggle.evaluate((b) => b.getAttribute('aria-expanded')), 'true');
  assert.equal(await page.$$eval('#scopes >>> [part=item]', (items) => items.map((i) => i.textContent)),
    ['MEASUREMENT.READ', 'PROJECT.READ', 'SUBJECT.READ']);
  assert.is(await focused(page), '#scopes [part=toggle]');
  await page.keyboard.press(' '); // the space bar by its key value, which both protocols know (BiDi has no "Space" name)
  await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length === 6);
  assert.equal((await received(page)).slice(4), [
    { type: 'mp-show-more-toggle', target: 'scopes', detail: { expanded: true } },
    { type: 'mp-show-more-toggle', target: 'scopes', detail: { expanded: false } },
  ]);
  assert.equal(page.problems(), []);
  await page.close();
});

t('the page themes the elements with --mp-* custom properties and ::part()', async () => {
  const page = await browser.newPage();
  await openPlatformPage(page, site.origin, portal.url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });
  const style = (selector: string) => page.$eval(selector, (el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, radius: s.borderTopLeftRadius, font: s.fontFamily, spacing: s.letterSpacing, color: s.color };
  });
  const themedAdd = await style('#roles >>> [part=add-button]');
  assert.is(themedAdd.background, 'rgb(111, 66, 193)');
  assert.is(themedAdd.radius, '0px');
  assert.is(themedAdd.font, 'monospace');
  const plainAdd = await style('#rollen >>> [part=add-button]');
  assert.is(plainAdd.background, 'rgb(13, 110, 253)', 'outside the themed section: the default');
  assert.is(plainAdd.radius, '4px');
  assert.is((await style('#scopes >>> [part=toggle]')).spacing, '2px');
  assert.is((await style('#scopes >>> [part=toggle]')).color, 'rgb(111, 66, 193)');
  assert.is((await style('#bereik >>> [part=toggle]')).spacing, 'normal');
  await page.close();
});

t('labels follow the nearest lang: Dutch under lang="nl", a label attribute still wins, a switch re-renders', async () => {
  const page = await browser.newPage();
  await openPlatformPage(page, site.origin, portal.url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });
  assert.is(await shadowText(page, '#rollen >>> [part=add-button]'), 'Rol toevoegen');
  assert.is(await shadowText(page, '#rollen >>> tbody'), 'Geen rollen toegekend.');
  assert.equal(await page.$$eval('#rollen >>> thead th', (ths) => ths.map((th) => th.textContent!.trim())),
    ['Autorisatie', 'Project of organisatie', 'Acties']);
  assert.equal(await page.$$eval('#kenmerken >>> label', (labels) => labels.map((l) => l.textContent!.trim())), ['Sleutel', 'Waarde']);
  assert.is(await shadowText(page, '#kenmerken >>> [part=add-button]'), 'Toevoegen');
  assert.is(await shadowText(page, '#kenmerken >>> .message--muted'), 'Geen attributen.');
  assert.is(await shadowText(page, '#bereik >>> [part=toggle]'), 'Meer tonen (1)');
  await (await deep(page, '#bereik >>> [part=toggle]')).click();
  await page.waitForFunction(() => document.querySelector('#bereik')!.shadowRoot!.querySelector('[part=toggle]')!.textContent!.trim() === 'Inklappen');
  // The English ones stayed English.
  assert.is(await shadowText(page, '#roles >>> [part=add-button]'), 'Add role');
  assert.is(await shadowText(page, '#scopes >>> [part=toggle]'), 'Show more (1)');
  // The page switches its section to English: the built-in labels follow, the page's own label stays.
  await page.$eval('#dutch', (section) => section.setAttribute('lang', 'en'));
  await page.waitForFunction(() => document.querySelector('#rollen')!.shadowRoot!.querySelector('[part=add-button]')!.textContent!.trim() === 'Add role');
  assert.is(await shadowText(page, '#kenmerken >>> .message--muted'), 'No attributes.');
  assert.is(await shadowText(page, '#bereik >>> [part=toggle]'), 'Inklappen');
  assert.equal(page.problems(), []);
  await page.close();
});

t('axe finds no serious or critical violation on the platform page, also with a role and an error showing', async () => {
  const page = await browser.newPage();
  await openPlatformPage(page, site.origin, portal.url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });
  await page.$eval('#roles', (el) => {
    (el as unknown as { roles: unknown[] }).roles = [{ authorityName: 'ROLE_SYS_ADMIN' }];
  });
  const value = await deep(page, '#kenmerken >>> input[name=value]');
  await value.focus();
  await page.keyboard.press('Tab'); // leaves the value empty: "Dit veld is verplicht."
  await deep(page, '#kenmerken >>> [part=error]');
  assert.equal(await axeSerious(page), []);
  await page.close();
});

t('WIDGETS_ALLOWED_ORIGINS: a listed origin loads the widgets, any other is refused by the browser', async () => {
  const other = await startPlatformSite();
  const restricted = await startTestServer({ WIDGETS_ALLOWED_ORIGINS: site.origin });
  try {
    const allowed = await browser.newPage();
    const granted = await openPlatformPage(allowed, site.origin, restricted.url);
    await allowed.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, { timeout: 10000 });
    assert.is(granted!.headers()['access-control-allow-origin'], site.origin);
    assert.match(granted!.headers()['vary'], /Origin/);
    assert.equal(allowed.problems(), []);
    await allowed.close();

    const refused = await browser.newPage();
    await openPlatformPage(refused, other.origin, restricted.url);
    const defined = await refused.evaluate(() => ['mp-role-editor', 'mp-dictionary-editor', 'mp-show-more']
      .filter((tag) => customElements.get(tag)));
    assert.equal(defined, [], 'no element was defined');
    assert.ok(refused.problems().some((p) => /CORS|Access-Control-Allow-Origin/i.test(p)), refused.problems().join('\n'));
    await refused.close();
  } finally {
    await restricted.close();
    await other.close();
  }
});

t('the portal serves the demo page: live examples, the snippet for this portal, the reference, no problem for axe', async () => {
  const page = await browser.newPage();
  await page.goto(`${portal.url}/widgets.html`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#reference table', { timeout: 10000 });
  assert.equal(await page.$$eval('#reference h3', (hs) => hs.map((h) => h.textContent)),
    ['<mp-dictionary-editor>', '<mp-role-editor>', '<mp-show-more>']);
  const snippet = await page.$eval('#snippet', (code) => code.textContent!);
  assert.ok(snippet.includes(`<script type="module" src="${portal.url}/widgets.js"></script>`), snippet);
  assert.ok(await page.$(`script[src="${hashedName}"]`), 'the page loads this build\'s hashed bundle');
  assert.is(await shadowText(page, '#demo-role-editor >>> tbody'), 'Project admin radar-pilot Remove');
  await page.click('input[name=demo-lang][value=nl]');
  await page.waitForFunction(() => document.querySelector('#demo-role-editor')!.shadowRoot!.querySelector('[part=add-button]')!.textContent!.trim() === 'Rol toevoegen');
  assert.match(await shadowText(page, '#demo-role-editor >>> tbody'), /^Projectbeheerder radar-pilot /);
  await (await deep(page, '#demo-show-more >>> [part=toggle]')).click();
  await page.waitForSelector('#event-log li');
  assert.match(await page.$eval('#event-log li', (li) => li.textContent!), /mp-show-more-toggle \{"expanded":true\}/);
  assert.equal(await axeSerious(page), []);
  await page.click('#demo-dark');
  assert.equal(await axeSerious(page), [], 'the dark theme too');
  assert.equal(page.problems(), []);
  await page.close();
});

t.run();
