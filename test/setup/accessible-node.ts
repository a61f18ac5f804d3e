// An element's role, accessible name and description read from the DOM and its ARIA attributes, the same on every
// engine: puppeteer's page.accessibility.snapshot reads Chromium's own tree and is not there over WebDriver BiDi
// (Firefox). It follows the parts of the accname rules the portal's controls use: aria-labelledby, then aria-label,
// then the text for the name; aria-describedby, then title for the description; an explicit role, else the tag's.
import type { ElementHandle } from 'puppeteer-core';

export interface AccessibleNode {
  role: string;
  name: string;
  description: string;
}

export async function accessibleNode(element: ElementHandle<Element>): Promise<AccessibleNode> {
  // The test runner compiles named functions with a `__name` helper that the page does not have.
  await element.frame.evaluate('globalThis.__name ??= (f) => f');
  return element.evaluate((el) => {
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    const textOf = (ids: string) => squash(ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    const IMPLICIT: Record<string, string> = { BUTTON: 'button', A: 'link', H1: 'heading', H2: 'heading', H3: 'heading', SELECT: 'combobox', TEXTAREA: 'textbox', DIALOG: 'dialog' };
    const role = el.getAttribute('role') ?? (el.tagName === 'INPUT' ? ((el as HTMLInputElement).type === 'checkbox' ? 'checkbox' : 'textbox') : IMPLICIT[el.tagName] ?? '');
    const labelledBy = el.getAttribute('aria-labelledby');
    const name = labelledBy ? textOf(labelledBy) : squash(el.getAttribute('aria-label') ?? '') || squash(el.textContent ?? '');
    const describedBy = el.getAttribute('aria-describedby');
    const description = describedBy ? textOf(describedBy) : squash(el.getAttribute('title') ?? '');
    return { role, name, description };
  });
}
