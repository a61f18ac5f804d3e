import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, render } from '@testing-library/react';
import { Suspense } from 'react';
import { PageErrorBoundary } from '../../../src/client/components/page-error-boundary';
import { beforeLazyPages, lazyArea } from '../../../src/client/layout/lazy-page';
import { harness, tick } from '../components/harness';

const t = suite('lazy pages');
t.after.each(() => cleanup());

const area = {
  ListPage: ({ params }: { params: Record<string, string> }) => <h1>list {params.page}</h1>,
  DetailPage: () => <h1>detail</h1>,
};

t('an area loads once, after the registered prerequisite; its other pages then render without suspending', async () => {
  const order: string[] = [];
  let releasePrerequisite!: () => void;
  beforeLazyPages(() => new Promise<void>((resolve) => (releasePrerequisite = () => (order.push('widgets'), resolve()))));
  let loads = 0;
  const page = lazyArea(async () => {
    loads++;
    order.push('area');
    return area;
  });
  const List = page('ListPage');
  const Detail = page('DetailPage');
  // Suspending components need an awaited act (React 19).
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <Suspense fallback={<p>loading</p>}>
        <List params={{ page: '2' }} close={() => undefined} />
      </Suspense>,
    );
  });
  assert.ok(view.getByText('loading'));
  await act(() => tick(5));
  assert.ok(view.getByText('loading'), 'still waiting for the prerequisite');
  await act(async () => releasePrerequisite());
  assert.ok(await view.findByText('list 2')); // React reveals suspended content a little later
  view.rerender(
    <Suspense fallback={<p>loading</p>}>
      <Detail params={{}} close={() => undefined} />
    </Suspense>,
  );
  assert.ok(view.getByText('detail'), 'no loading state for a second page of a loaded area');
  assert.is(loads, 1);
  assert.equal(order, ['area', 'widgets']);
  beforeLazyPages(() => Promise.resolve());
});

t('a chunk that fails to load shows the page error, and the next visit tries again', async () => {
  const h = await harness();
  let attempts = 0;
  let offline = true;
  const page = lazyArea(async () => {
    attempts++;
    if (offline) throw new Error('chunk failed');
    return area;
  });
  const Detail = page('DetailPage');
  const originalError = console.error;
  console.error = () => undefined;
  try {
    const shown = (key: number) =>
      h.wrap(
        <PageErrorBoundary key={key}>
          <Suspense fallback={<p>loading</p>}>
            <Detail params={{}} close={() => undefined} />
          </Suspense>
        </PageErrorBoundary>,
      );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(shown(1));
    });
    assert.ok((await view.findByRole('alert')).textContent?.includes('could not be shown'));
    const failedAttempts = attempts;
    offline = false;
    await act(async () => view.rerender(shown(2)));
    assert.ok(await view.findByText('detail'));
    assert.is(attempts, failedAttempts + 1, 'a new attempt, not the cached failure');
  } finally {
    console.error = originalError;
  }
});

t.run();
