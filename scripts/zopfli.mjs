// Zopfli's gzip (@gfx/zopfli, a WebAssembly build), loaded when it is needed and without the process-wide handlers
// its Emscripten loader installs on import: an 'uncaughtException' handler that rethrows (so any later failure of the
// build prints the loader's whole one-line source instead of the error) and an 'unhandledRejection' one that aborts.
// Used by build.mjs for the first load's gzip copies and by bench/first-load-parts.ts.
export async function loadZopfli() {
  const before = { uncaughtException: process.listeners('uncaughtException'), unhandledRejection: process.listeners('unhandledRejection') };
  const { gzipAsync } = await import('@gfx/zopfli');
  for (const [event, kept] of Object.entries(before)) {
    for (const listener of process.listeners(event)) if (!kept.includes(listener)) process.off(event, listener);
  }
  return gzipAsync;
}
