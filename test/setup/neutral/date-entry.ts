// Typing a date into an <input type=date> as a user does on each engine. Chromium, Firefox and WebKitGTK all render
// it as a field of segments in the page's locale order (en-US: mm/dd/yyyy), and all three take the date typed as it
// shows there, separators included (WebKitGTK does not move to the next segment without them). Focus comes in from
// outside the field, as a click or Tab does, so typing starts at the first segment and replaces what was there.
import type { Driver, Selector } from './driver';

/** The date `iso` (yyyy-mm-dd) as the page's locale writes it in a date field: its order and its separators. */
function localeTyping(iso: string): string {
  const [year, month, day] = iso.split('-');
  const parts = new Intl.DateTimeFormat(navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(2001, 1, 3));
  return parts.map((p) => (p.type === 'year' ? year : p.type === 'month' ? month : p.type === 'day' ? day : p.value)).join('');
}

export async function typeDate(driver: Driver, selector: Selector, iso: string): Promise<void> {
  await driver.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const keys = await driver.evaluate(localeTyping, iso);
  await driver.type(selector, keys);
}
