import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { Typeahead } from '../../../../src/client/components/typeahead';
import { useDebouncedValue } from '../../../../src/client/components/use-debounced';
import { harness, tick } from '../harness';

interface SourceType {
  id: number;
  name: string;
}
const types: SourceType[] = [
  { id: 1, name: 'Empatica_E4_v1' },
  { id: 2, name: 'Fitbit_Charge_v2' },
  { id: 3, name: 'Empatica_E5_v1' },
];

const t = suite('Typeahead');
t.after.each(() => cleanup());

t('searches once typing pauses, lists matches, picks with arrows and Enter', async () => {
  const h = await harness();
  const searched: string[] = [];
  const chosen: SourceType[] = [];
  const view = h.render(
    <Typeahead<SourceType>
      label="Source types"
      debounceMs={20}
      search={(text) => {
        searched.push(text);
        return Promise.resolve(types.filter((type) => type.name.toLowerCase().includes(text.toLowerCase())));
      }}
      optionLabel={(type) => type.name}
      onSelect={(type) => chosen.push(type)}
    />,
  );
  const box = view.getByRole('combobox', { name: 'Source types' });
  fireEvent.change(box, { target: { value: 'e' } });
  fireEvent.change(box, { target: { value: 'em' } });
  fireEvent.change(box, { target: { value: 'emp' } });
  assert.equal(searched, [], 'nothing before the pause');
  await act(() => tick(40));
  assert.equal(searched, ['emp'], 'one search for the settled text');
  assert.is(box.getAttribute('aria-expanded'), 'true');
  assert.equal(view.getAllByRole('option').map((o) => o.textContent), ['Empatica_E4_v1', 'Empatica_E5_v1']);
  assert.is(box.getAttribute('aria-activedescendant'), view.getAllByRole('option')[0].id);
  fireEvent.keyDown(box, { key: 'ArrowDown' });
  assert.is(view.getAllByRole('option')[1].getAttribute('aria-selected'), 'true');
  fireEvent.keyDown(box, { key: 'Enter' });
  assert.equal(chosen.map((c) => c.id), [3]);
  assert.is((box as HTMLInputElement).value, '', 'cleared after choosing');
  assert.is(box.getAttribute('aria-expanded'), 'false');
  assert.equal(h.missing, []);
});

t('click picks; Escape closes the list; no match says so', async () => {
  const h = await harness();
  const chosen: string[] = [];
  const view = h.render(
    <Typeahead<SourceType> label="Types" debounceMs={0} search={(text) => types.filter((x) => x.name.includes(text))} optionLabel={(x) => x.name} onSelect={(x) => chosen.push(x.name)} />,
  );
  const box = view.getByRole('combobox');
  fireEvent.change(box, { target: { value: 'Fit' } });
  await act(() => tick(5));
  fireEvent.click(view.getByRole('option', { name: 'Fitbit_Charge_v2' }));
  assert.equal(chosen, ['Fitbit_Charge_v2']);
  fireEvent.change(box, { target: { value: 'zzz' } });
  await act(() => tick(5));
  assert.ok(view.getByText('No results found.'));
  fireEvent.keyDown(box, { key: 'Escape' });
  assert.is(box.getAttribute('aria-expanded'), 'false');
});

t('useDebouncedValue settles after the delay', async () => {
  const h = await harness();
  function Probe({ value }: { value: string }) {
    return <output>{useDebouncedValue(value, 20)}</output>;
  }
  const view = h.render(<Probe value="a" />);
  view.rerender(h.wrap(<Probe value="ab" />));
  assert.is(view.container.textContent, 'a');
  await act(() => tick(40));
  assert.is(view.container.textContent, 'ab');
});

t.run();
