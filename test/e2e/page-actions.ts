// Clicks the browser tests make the way a person does, robust to re-renders: the element is found again on every
// try instead of held as a handle. A list re-renders its rows as data arrives and a dialog its buttons as it
// settles; a handle taken a moment before then points at a node no longer in the document (Firefox, slower here,
// failed with "Node is detached from document"; puppeteer over WebDriver BiDi also with "no such handle").
import type { Page } from 'puppeteer-core';

/** Clicks what `selector` finds once it is there, visible, enabled and still. */
export async function clickOn(page: Page, selector: string): Promise<void> {
  await page.locator(selector).setTimeout(10000).click();
}

/** Success alerts sit over the bottom right of a list for 5 s; a person closes them before clicking there. */
export async function closeAlerts(page: Page): Promise<void> {
  // One at a time, found again each time: closing one re-renders the others, and one may close itself meanwhile.
  for (let tries = 0; tries < 20; tries++) {
    const button = await page.$('.alert__close');
    if (!button) break;
    await button.click().catch(() => undefined);
    await button.dispose();
  }
  await page.waitForSelector('.alert', { hidden: true, timeout: 10000 });
}
