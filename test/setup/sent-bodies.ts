// The bodies of the requests a page sends, recorded in the page on every engine: puppeteer's HTTPRequest.postData()
// is a DevTools field and throws over WebDriver BiDi (Firefox). The client calls globalThis.fetch for every API call
// (src/client/lib/http.ts), so a wrapper installed on the open page sees each write with its body.
import type { Page } from 'puppeteer-core';

export interface SentRequest {
  method: string;
  path: string;
  body: string;
}

/** Start recording (again, from nothing) the non-GET fetches of the current document. */
export async function recordSentBodies(page: Page): Promise<() => Promise<SentRequest[]>> {
  // The test runner compiles named functions with a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  await page.evaluate(() => {
    const w = window as unknown as { __sent?: SentRequest[]; __sentFetch?: typeof fetch };
    w.__sent = [];
    const original = w.__sentFetch ?? globalThis.fetch;
    w.__sentFetch = original;
    globalThis.fetch = (input, init) => {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (method !== 'GET') {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        w.__sent!.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? init.body : '' });
      }
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __sent: SentRequest[] }).__sent);
}
