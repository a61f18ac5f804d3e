// What every flow file starts from: a test server over a private copy of the built client, and a way to open a
// driver for the engine of this run (E2E_BROWSER) that the file closes at its end.
import { snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { openDriver } from '../setup/neutral/open-driver';
import type { Driver } from '../setup/neutral/driver';
import { startTestServer, type TestServer } from '../setup/server';
import { currentEngine } from '../setup/engines';

export interface FlowWorld {
  server: TestServer;
  /** A new browser (no cookies) on this run's engine; closed with the world. */
  driver(): Promise<Driver>;
  close(): Promise<void>;
}

export async function startFlowWorld(): Promise<FlowWorld> {
  const client = snapshotBuiltClient();
  const server = await startTestServer({}, { clientDir: client.clientDir });
  const drivers: Driver[] = [];
  return {
    server,
    async driver() {
      const driver = await openDriver();
      drivers.push(driver);
      return driver;
    },
    async close() {
      for (const driver of drivers.splice(0)) await driver.close().catch(() => undefined);
      await server.close();
      client.remove();
      await dropTemplatesAfterFile();
    },
  };
}

/** A suite name that says the engine, so a failure names where it failed. */
export const onEngine = (name: string): string => `${name} (${currentEngine()})`;

/** The phone and desktop widths a flow is checked at. */
export const WIDTHS = { phone: { width: 375, height: 740 }, desktop: { width: 1280, height: 900 } } as const;

/** A before hook that prints what it threw: uvu drops a hook's error and only its tests' absence shows. */
export function printingErrors(hook: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await hook();
    } catch (error) {
      console.error(`\n  before hook of ${currentEngine()}: ${(error as Error)?.stack ?? error}`);
      throw error;
    }
  };
}
