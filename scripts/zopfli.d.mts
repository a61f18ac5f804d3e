/** Zopfli's gzip, without the process-wide handlers its loader installs (scripts/zopfli.mjs). */
export function loadZopfli(): Promise<(data: Uint8Array, options?: { numiterations?: number }) => Promise<Uint8Array>>;
