import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { minutesLeft, nextPhaseChangeIn, sessionPhase, SESSION_WARNING_MS } from '../../../src/client/lib/session-expiry';

const t = suite('session expiry');
const MIN = 60_000;

t('live until two minutes before the end, then ending, then ended; unknown is live', () => {
  assert.is(SESSION_WARNING_MS, 2 * MIN);
  assert.is(sessionPhase(0, null), 'live');
  assert.is(sessionPhase(0, 30 * MIN), 'live');
  assert.is(sessionPhase(28 * MIN, 30 * MIN), 'ending');
  assert.is(sessionPhase(30 * MIN - 1, 30 * MIN), 'ending');
  assert.is(sessionPhase(30 * MIN, 30 * MIN), 'ended');
});

t('the next change: the warning, then the end, then nothing; never longer than a browser timer runs', () => {
  assert.is(nextPhaseChangeIn(0, null), null);
  assert.is(nextPhaseChangeIn(0, 30 * MIN), 28 * MIN);
  assert.is(nextPhaseChangeIn(29 * MIN, 30 * MIN), MIN);
  assert.is(nextPhaseChangeIn(31 * MIN, 30 * MIN), null);
  assert.is(nextPhaseChangeIn(0, 30 * 24 * 60 * MIN), 2 ** 31 - 1, 'a remember-me session (30 days) is checked again later');
});

t('minutes left round up and never read 0', () => {
  assert.is(minutesLeft(0, 2 * MIN), 2);
  assert.is(minutesLeft(0, 61_000), 2);
  assert.is(minutesLeft(0, 1000), 1);
  assert.is(minutesLeft(5000, 1000), 1);
});

t.run();
