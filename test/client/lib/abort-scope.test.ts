import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AbortScope } from '../../../src/client/lib/http';

test('abort() aborts every request started with the scope signal', () => {
  const scope = new AbortScope();
  const signal = scope.signal;
  const latest = scope.takeLatest('search');
  assert.not.ok(signal.aborted);
  scope.abort();
  assert.ok(signal.aborted);
  assert.ok(latest.aborted);
  assert.ok(scope.aborted);
});

test('takeLatest aborts the previous request with the same key only', () => {
  const scope = new AbortScope();
  const first = scope.takeLatest('search');
  const other = scope.takeLatest('groups');
  const second = scope.takeLatest('search');
  assert.ok(first.aborted);
  assert.not.ok(second.aborted);
  assert.not.ok(other.aborted);
  assert.not.ok(scope.aborted);
});

test('after the scope is gone, new signals start aborted', () => {
  const scope = new AbortScope();
  scope.abort();
  assert.ok(scope.takeLatest('x').aborted);
});

test.run();
