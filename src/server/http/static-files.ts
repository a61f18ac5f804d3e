// Serves the built client from dist/client: index.html for the root, content-hashed assets with immutable cache
// headers, everything else revalidated by ETag. Compressible files go brotli- or gzip-encoded to a browser that asks:
// as the build compressed them at the best ratio (<file>.br and <file>.gz beside the file, build.mjs), or, where it
// did not (source maps, a client built otherwise), compressed on first request at a speed a request can afford. Both
// are kept in memory (the whole client is a few hundred kilobytes).
// The public widget assets (widgets.js, its hashed twin, their source maps, custom-elements.json) are loaded by pages
// of the platform on other origins, so they alone answer with CORS headers (docs/widgets.md).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { CacheStats } from '../cache-stats';
import type { Reply } from './context';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
const HASHED = /-[A-Z0-9]{8,}\.(js|css)$/;
const WIDGET_ASSET = /^\/(?:widgets(?:-[A-Z0-9]{8,})?\.js(?:\.map)?|custom-elements\.json)$/;

export interface StaticFilesOptions {
  /** Origins whose pages may read the widget assets; '*' = any (config WIDGETS_ALLOWED_ORIGINS). */
  widgetsAllowedOrigins?: '*' | readonly string[];
}

interface CachedFile {
  mtimeMs: number;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export class StaticFiles {
  private readonly cache = new Map<string, CachedFile>();
  readonly cacheStats = new CacheStats(() => this.cache.size);
  private readonly widgetOrigins: '*' | ReadonlySet<string>;
  constructor(private readonly root: string, options: StaticFilesOptions = {}) {
    const origins = options.widgetsAllowedOrigins ?? '*';
    this.widgetOrigins = origins === '*' ? '*' : new Set(origins);
  }

  /** A reply for `path` (below the base path), or null when no such file exists. */
  async serve(req: IncomingMessage, path: string): Promise<Reply | null> {
    let rel: string;
    try {
      rel = decodeURIComponent(path === '/' ? '/index.html' : path);
    } catch {
      return null;
    }
    const abs = normalize(join(this.root, rel));
    if (!abs.startsWith(this.root + sep) || rel.includes('\0')) return null;
    const file = await this.load(abs);
    if (!file) return null;
    const ext = extname(abs);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(abs) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (WIDGET_ASSET.test(rel)) this.widgetCors(req, headers);
    if (req.headers['if-none-match'] === file.etag) return { status: 304, headers };
    let body = file.body;
    if (COMPRESSIBLE.has(ext) && file.body.length > 512) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accept)) {
        file.br ??= brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
        body = file.br;
        headers['Content-Encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        file.gzip ??= gzipSync(file.body, { level: 9 });
        body = file.gzip;
        headers['Content-Encoding'] = 'gzip';
      }
    }
    // node:http sends no body for HEAD itself, with the real Content-Length.
    return { status: 200, raw: body, headers };
  }

  // Any origin gets `*`, which no cache needs to vary on. A list answers a listed Origin with itself and anyone else
  // with no grant (the browser then refuses the module); since the answer depends on Origin, caches must key on it.
  private widgetCors(req: IncomingMessage, headers: Record<string, string>): void {
    if (this.widgetOrigins === '*') {
      headers['Access-Control-Allow-Origin'] = '*';
      return;
    }
    headers.Vary = 'Origin, Accept-Encoding';
    const origin = req.headers.origin;
    if (origin && this.widgetOrigins.has(origin)) headers['Access-Control-Allow-Origin'] = origin;
  }

  private async load(abs: string): Promise<CachedFile | null> {
    let info;
    try {
      info = await stat(abs);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const cached = this.cache.get(abs);
    if (cached && cached.mtimeMs === info.mtimeMs) {
      this.cacheStats.hits++;
      return cached;
    }
    this.cacheStats.misses++;
    if (cached) this.cacheStats.removals++; // the file changed on disk
    const [body, br, gzip] = await Promise.all([readFile(abs), readPrecompressed(`${abs}.br`), readPrecompressed(`${abs}.gz`)]);
    const file: CachedFile = {
      mtimeMs: info.mtimeMs,
      etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      body,
      br: br && decodesTo(br, brotliDecompressSync, body) ? br : undefined,
      gzip: gzip && decodesTo(gzip, gunzipSync, body) ? gzip : undefined,
    };
    this.cache.set(abs, file);
    this.cacheStats.puts++;
    return file;
  }
}

/** The build's compressed copy of a file (<file>.br, <file>.gz), when there is one. */
async function readPrecompressed(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

// A compressed copy is sent only when it decodes to the file as it is now: a file changed or replaced after the build
// gets no stale copy sent, and copies that do not keep modification times (cp -r, a test's snapshot of dist/client)
// need none. Decoding stops past the length of the file and costs a few milliseconds per 100 kB, once per file and
// process.
function decodesTo(compressed: Buffer, decode: typeof gunzipSync, body: Buffer): boolean {
  try {
    return decode(compressed, { maxOutputLength: body.length + 1 }).equals(body);
  } catch {
    return false; // not compressed data, or longer than the file
  }
}
