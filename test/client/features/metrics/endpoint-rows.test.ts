import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { endpointRows, isStaticFile } from '../../../../src/client/features/metrics/endpoint-rows';

const t = suite('metrics: endpoint rows');

t('static files fold into one row per method, with the summed count and the weighted mean; endpoints stay', () => {
  const rows = endpointRows({
    '/api/projects': { GET: { count: 4, mean: 10, max: 20 } },
    '/assets/main-ABC123.js': { GET: { count: 2, mean: 4, max: 5 } },
    '/assets/chunk-XYZ.css': { GET: { count: 6, mean: 8, max: 9 } },
    '/i18n/nl.json': { GET: { count: 2, mean: 2, max: 2 } },
  });
  assert.equal(rows, [
    { method: 'GET', uri: '/api/projects', files: 1, timing: { count: 4, mean: 10, max: 20 } },
    { method: 'GET', uri: null, files: 3, timing: { count: 10, mean: (8 + 48 + 4) / 10, max: 9 } },
  ]);
});

t('an API path ending like a file is still an endpoint', () => {
  assert.ok(isStaticFile('/assets/main-ABC123.js'));
  assert.ok(isStaticFile('/favicon.ico'));
  assert.not.ok(isStaticFile('/api/docs/openapi.json'));
  assert.not.ok(isStaticFile('/management/health'));
});

t.run();
