// Downloads, checked as the user gets them: the engine saves the file in the driver's own download folder
// (DevTools' and WebDriver BiDi's download behaviour on Chromium and Firefox, the XDG download folder of WebKitGTK's
// MiniBrowser), and a step reads it from there once the engine has finished writing it.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Driver, Selector } from './driver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What the engines write while a download runs: Chromium's .crdownload, Firefox's .part, WebKit's .download. */
const UNFINISHED = /\.(crdownload|part|download|wkdownload)$/;

export interface Downloaded {
  /** The file's name as the engine saved it. */
  name: string;
  /** Its content as UTF-8 text (a byte order mark kept). */
  text: string;
}

/** Clicks what starts a download and returns the one file it saves (failing after `timeout` ms without one). */
export async function downloadBy(driver: Driver, selector: Selector, timeout = 15000): Promise<Downloaded> {
  for (const entry of readdirSync(driver.downloads)) rmSync(join(driver.downloads, entry), { recursive: true, force: true });
  await driver.click(selector);
  const deadline = Date.now() + timeout;
  let last = '';
  let still = 0;
  for (;;) {
    const names = readdirSync(driver.downloads);
    const done = names.filter((n) => !UNFINISHED.test(n) && !n.startsWith('.'));
    // Finished when one file is left and its name and size hold still for three looks: Firefox also writes under a
    // random name of the right extension (VnOTquiP.json) before it renames the file, and a file can go between a
    // look and a stat.
    if (done.length === 1 && names.length === 1) {
      const path = join(driver.downloads, done[0]);
      const size = (() => {
        try {
          return `${done[0]}:${statSync(path).size}`;
        } catch {
          return '';
        }
      })();
      still = size !== '' && size === last ? still + 1 : 0;
      last = size;
      if (still >= 2) {
        try {
          return { name: done[0], text: readFileSync(path, 'utf8') };
        } catch {
          still = 0;
        }
      }
    } else {
      still = 0;
      last = '';
    }
    if (Date.now() > deadline) throw new Error(`No download after ${timeout} ms clicking ${selector} on ${driver.engine} (the folder holds: ${names.join(', ') || 'nothing'})`);
    await sleep(150);
  }
}
