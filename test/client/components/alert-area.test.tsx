import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { AlertArea } from '../../../src/client/components/alert-area';
import { createAlertQueue, type Timers } from '../../../src/client/lib/alerts';
import { ServicesProvider } from '../../../src/client/components/services-react';
import { harness, tick } from './harness';

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

t('the toasts list the queue at once, translated with translated params; they are not a live region themselves', async () => {
  const h = await harness();
  const view = h.render(<AlertArea />);
  const region = view.container.querySelector('.alert-area')!;
  assert.is(region.getAttribute('aria-live'), null, 'announced through the delayed announcer instead');
  act(() => {
    h.alerts.success('managementPortalApp.project.created', { param: 'radar' });
    h.alerts.error('error.field.required', { fieldName: { key: 'managementPortalApp.groupDTO.name', fallback: 'name' } });
  });
  const texts = [...region.querySelectorAll('.alert__text')].map((p) => p.textContent);
  assert.equal(texts, ['A new project is created with identifier radar', 'Field name cannot be empty']);
  assert.equal([...region.querySelectorAll('.alert')].map((a) => a.className), ['alert alert--success', 'alert alert--error']);
  assert.equal(h.missing, []);
});

t('one polite live region announces each alert 100 ms after it shows; a closed one leaves it', async () => {
  const h = await harness();
  const { timers, pending, fire } = manualTimers();
  const view = h.render(<AlertArea announcerTimers={timers} />);
  const announcer = view.getByRole('status');
  assert.is(announcer.getAttribute('aria-live'), 'polite');
  act(() => {
    h.alerts.success('managementPortalApp.project.created', { param: 'radar' });
  });
  assert.ok(view.container.querySelector('.alert'), 'the toast shows at once');
  assert.is(announcer.textContent, '', 'nothing announced yet');
  assert.equal([...pending.values()].map((p) => p.ms), [100]);
  act(() => fire());
  assert.equal([...announcer.querySelectorAll('p')].map((p) => p.textContent), ['A new project is created with identifier radar']);
  // An alert closed before its turn is never announced; a closed one leaves the region.
  let second = 0;
  act(() => {
    second = h.alerts.error('error.url.not.found');
  });
  assert.is(pending.size, 2);
  act(() => h.alerts.close(second));
  assert.is(pending.size, 1, 'its timer was cleared');
  act(() => h.alerts.clear());
  assert.is(announcer.textContent, '');
});

t('with the window\'s timers the text arrives after the delay', async () => {
  const h = await harness();
  const view = h.render(<AlertArea />);
  act(() => {
    h.alerts.info('global.loading');
  });
  const announcer = view.getByRole('status');
  assert.is(announcer.textContent, '');
  await act(() => tick(150));
  assert.is(announcer.textContent, 'Loading…');
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
