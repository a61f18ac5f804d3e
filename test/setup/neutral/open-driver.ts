// The Driver for the engine of this test process (E2E_BROWSER; chromium when unset).
import { currentEngine } from '../engines';
import type { Driver } from './driver';
import { openPuppeteer } from './puppeteer-driver';
import { openWebKit } from './webdriver-driver';

export function openDriver(): Promise<Driver> {
  return currentEngine() === 'webkit' ? openWebKit() : openPuppeteer();
}
