import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { AlertArea } from '../../../src/client/components/alert-area';
import { createAlertQueue, type Timers } from '../../../src/client/lib/alerts';
import { ServicesProvider } from '../../../src/client/components/services-react';
import { harness } from './harness';

const t = suite('AlertArea');
t.after.each(() => cleanup());

function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return { timers, pending, fire: () => [...pending.values()].forEach((p) => p.callback()) };
}

t('one polite live region lists the queue, translated with translated params', async () => {
  const h = await harness();
  const view = h.render(<AlertArea />);
  const region = view.container.querySelector('.alert-area')!;
  assert.is(region.getAttribute('aria-live'), 'polite');
  act(() => {
    h.alerts.success('managementPortalApp.project.created', { param: 'radar' });
    h.alerts.error('error.field.required', { fieldName: { key: 'managementPortalApp.groupDTO.name', fallback: 'name' } });
  });
  const texts = [...region.querySelectorAll('.alert__text')].map((p) => p.textContent);
  assert.equal(texts, ['A new project is created with identifier radar', 'Field name cannot be empty']);
  assert.equal([...region.querySelectorAll('.alert')].map((a) => a.className), ['alert alert--success', 'alert alert--error']);
  assert.equal(h.missing, []);
});

t('closes by hand, and by itself after 5000 ms', async () => {
  const h = await harness();
  const { timers, pending, fire } = manualTimers();
  const alerts = createAlertQueue({ timers });
  const view = h.render(
    <ServicesProvider services={{ http: h.http, alerts, navigation: h.navigation, events: h.events }}>
      <AlertArea />
    </ServicesProvider>,
  );
  act(() => {
    alerts.info('global.loading');
    alerts.error('error.url.not.found');
  });
  assert.equal([...pending.values()].map((p) => p.ms), [5000, 5000]);
  fireEvent.click(view.getAllByRole('button', { name: 'Close' })[0]);
  assert.equal([...view.container.querySelectorAll('.alert__text')].map((p) => p.textContent), ['Not found']);
  act(() => fire());
  assert.is(view.container.querySelectorAll('.alert').length, 0);
});

t.run();
