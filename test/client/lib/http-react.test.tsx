import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { useAbortScope } from '../../../src/client/lib/http-react';

const react = suite('http-react: useAbortScope');
react.after.each(() => cleanup());

react('requests started by a component are aborted when it unmounts', () => {
  const signals: AbortSignal[] = [];
  function Page() {
    const scope = useAbortScope();
    useEffect(() => {
      signals.push(scope.signal, scope.takeLatest('search'));
    }, [scope]);
    return null;
  }
  const view = render(<Page />);
  assert.ok(signals.length > 0);
  assert.ok(signals.every((signal) => !signal.aborted));
  view.unmount();
  assert.ok(signals.every((signal) => signal.aborted));
});

react("StrictMode's unmount-remount leaves the effect with a live signal", () => {
  const signals: AbortSignal[] = [];
  function Page() {
    const scope = useAbortScope();
    useEffect(() => {
      signals.push(scope.signal);
    }, [scope]);
    return null;
  }
  const view = render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
  assert.is(signals.length, 2, 'StrictMode runs the effect twice');
  assert.not.ok(signals[1].aborted);
  view.unmount();
  assert.ok(signals[1].aborted);
});

react.run();
