import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatDateTime, formatShortDateTime, isIsoDate, toDate } from '../../../../src/client/components/format';

const t = suite('format: dates');

// Built from local parts, so the expectations hold in any time zone.
const march5 = new Date(2024, 2, 5, 14, 7, 59);

t('dd/MM/yy HH:mm for lists', () => {
  assert.is(formatShortDateTime(march5), '05/03/24 14:07');
  assert.is(formatShortDateTime(march5.toISOString()), '05/03/24 14:07');
  assert.is(formatShortDateTime(new Date(2009, 11, 31, 0, 0)), '31/12/09 00:00');
});

t('yyyy-MM-dd and yyyy-MM-dd HH:mm', () => {
  assert.is(formatDate(march5), '2024-03-05');
  assert.is(formatDateTime(march5), '2024-03-05 14:07');
  assert.is(formatDateTime(march5.getTime()), '2024-03-05 14:07');
});

t('a bare calendar date stays that day (not UTC midnight)', () => {
  assert.is(formatDate('1990-01-01'), '1990-01-01');
  assert.is(toDate('1990-01-01')?.getDate(), 1);
});

t('nothing or garbage formats as the empty string', () => {
  for (const value of [null, undefined, '', 'not a date', '2023-02-30', new Date(NaN)]) {
    assert.is(formatShortDateTime(value), '', String(value));
    assert.is(formatDate(value), '');
    assert.is(formatDateTime(value), '');
  }
});

t('isIsoDate accepts real yyyy-mm-dd dates only', () => {
  assert.ok(isIsoDate('2024-02-29'));
  assert.not.ok(isIsoDate('2023-02-29'));
  assert.not.ok(isIsoDate('2024-2-9'));
  assert.not.ok(isIsoDate('05/03/2024'));
});

t.run();
