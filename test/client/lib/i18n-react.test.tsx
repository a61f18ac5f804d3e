import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, render } from '@testing-library/react';
import { createI18n } from '../../../src/client/lib/i18n';
import { I18nProvider, T, useLanguage, useT } from '../../../src/client/lib/i18n-react';
import { fakeFetch, json } from './fake-fetch';

const dictionaries = {
  'GET i18n/en.json': json({ global: { menu: { home: 'Home' } }, greeting: 'Hello {{name}}' }),
  'GET i18n/nl.json': json({ global: { menu: { home: 'Start' } }, greeting: 'Hallo {{name}}' }),
};

async function loadedI18n() {
  const missing: string[] = [];
  const i18n = createI18n({ fetch: fakeFetch(dictionaries).fetch, language: 'en', onMissing: (key) => missing.push(key) });
  await i18n.load();
  return { i18n, missing };
}

function Greeting() {
  const t = useT();
  const [language] = useLanguage();
  return (
    <p data-testid="greeting">
      {t('greeting', { name: 'Ada' })} ({language}) <T k="global.menu.home" />
    </p>
  );
}

const react = suite('i18n-react');
react.after.each(() => cleanup());

react('useT and <T> translate, and follow a language switch', async () => {
  const { i18n, missing } = await loadedI18n();
  const view = render(
    <I18nProvider i18n={i18n}>
      <Greeting />
    </I18nProvider>,
  );
  assert.is(view.getByTestId('greeting').textContent, 'Hello Ada (en) Home');
  assert.is(document.documentElement.lang, 'en');
  await act(() => i18n.setLanguage('nl'));
  assert.is(view.getByTestId('greeting').textContent, 'Hallo Ada (nl) Start');
  assert.is(document.documentElement.lang, 'nl');
  assert.equal(missing, []);
});

react('useT gives a new function after a switch (usable as a dependency)', async () => {
  const { i18n } = await loadedI18n();
  const seen: unknown[] = [];
  function Probe() {
    seen.push(useT());
    return null;
  }
  const view = render(
    <I18nProvider i18n={i18n}>
      <Probe />
    </I18nProvider>,
  );
  view.rerender(
    <I18nProvider i18n={i18n}>
      <Probe />
    </I18nProvider>,
  );
  assert.is(seen[0], seen[1], 'stable while nothing changed');
  await act(() => i18n.setLanguage('nl'));
  assert.is.not(seen.at(-1), seen[0]);
});

react('hooks outside the provider are a clear error', () => {
  const originalError = console.error;
  console.error = () => undefined;
  try {
    assert.throws(() => render(<Greeting />), /outside <I18nProvider>/);
  } finally {
    console.error = originalError;
  }
});

react.run();
