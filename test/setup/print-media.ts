// The page's print styles applied on screen, for a check of what prints on every engine: puppeteer's
// page.emulateMediaType is a DevTools call and not there over WebDriver BiDi (Firefox). The rules of every
// `@media print` block in the page's style sheets are copied into one plain style sheet added to the document (so
// they apply as they would when printing), `check` runs, and the sheet is taken away again.
import type { Page } from 'puppeteer-core';

export async function withPrintStyles<T>(page: Page, check: () => Promise<T>): Promise<T> {
  // The test runner compiles named functions with a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  const copied = await page.evaluate(() => {
    const rules: string[] = [];
    const collect = (list: CSSRuleList) => {
      for (const rule of Array.from(list)) {
        if (rule instanceof CSSMediaRule && Array.from(rule.media).includes('print')) {
          rules.push(...Array.from(rule.cssRules).map((r) => r.cssText));
        } else if (rule instanceof CSSImportRule && rule.styleSheet) collect(rule.styleSheet.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    // A constructed sheet, not a <style> element: the portal's Content-Security-Policy refuses inline styles.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rules.join('\n'));
    (window as unknown as { __printSheet: CSSStyleSheet }).__printSheet = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return rules.length;
  });
  if (copied === 0) throw new Error('the page has no @media print rules');
  try {
    return await check();
  } finally {
    await page.evaluate(() => {
      const sheet = (window as unknown as { __printSheet: CSSStyleSheet }).__printSheet;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    });
  }
}
