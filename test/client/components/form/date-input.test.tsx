import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { DateInput } from '../../../../src/client/components/form';
import { harness } from '../harness';

const t = suite('DateInput');
t.after.each(() => cleanup());

let setFromOutside: (value: string) => void;
const reported: string[] = [];
function Birthday({ start }: { start: string }) {
  const [value, setValue] = useState(start);
  setFromOutside = setValue;
  return <DateInput label="Birthday" name="birthday" value={value} onChange={(v) => { reported.push(v); setValue(v); }} />;
}

t('shows its value, reports what is typed, and takes a value set from outside', async () => {
  reported.length = 0;
  const h = await harness();
  const view = h.render(<Birthday start="1979-11-30" />);
  const field = view.getByLabelText('Birthday') as HTMLInputElement;
  assert.is(field.type, 'date');
  assert.is(field.value, '1979-11-30');
  fireEvent.change(field, { target: { value: '2001-02-03' } });
  assert.equal(reported, ['2001-02-03']);
  assert.is(field.value, '2001-02-03');
  act(() => setFromOutside(''));
  assert.is(field.value, '', 'cleared from outside');
  act(() => setFromOutside('1984-03-07'));
  assert.is(field.value, '1984-03-07', 'loaded from outside');
});

t('a value the field reported is not written back to it (an unfinished date keeps its segments)', async () => {
  reported.length = 0;
  const h = await harness();
  const view = h.render(<Birthday start="1979-11-30" />);
  const field = view.getByLabelText('Birthday') as HTMLInputElement;
  // Record every write of the field's value or its value attribute after this point.
  const writes: string[] = [];
  const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  Object.defineProperty(field, 'value', { configurable: true, get: () => valueSetter.get!.call(field), set: (v: string) => { writes.push(`value=${v}`); valueSetter.set!.call(field, v); } });
  const observer = new MutationObserver((records) => records.forEach((r) => writes.push(`attribute ${r.attributeName}`)));
  observer.observe(field, { attributes: true, attributeFilter: ['value'] });
  // What a segmented field reports on the way through 02/30: no date yet.
  valueSetter.set!.call(field, '');
  fireEvent.input(field);
  await Promise.resolve();
  observer.disconnect();
  assert.equal(reported, ['']);
  assert.equal(writes, [], 'nothing written back');
});

t.run();
