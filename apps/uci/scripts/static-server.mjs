// @ts-check
/**
 * A static file server on 127.0.0.1 for the browser tests and scripts of the engine
 * package (the worker script and small test pages), with or without the two headers
 * that make a page cross-origin isolated (then SharedArrayBuffer exists and the worker
 * engine shares memory between its search workers):
 *   Cross-Origin-Opener-Policy: same-origin
 *   Cross-Origin-Embedder-Policy: require-corp
 * Each root is a URL prefix mapped to a folder: { '/': dir, '/pkg/': otherDir }.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm', // WebAssembly.instantiateStreaming wants this type
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * @param {{ roots: Record<string, string>, isolation: boolean, port?: number }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStatic(options) {
  const roots = Object.entries(options.roots).sort((a, b) => b[0].length - a[0].length);
  const headers = options.isolation
    ? {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cross-Origin-Resource-Policy': 'same-origin',
      }
    : {};
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const root = roots.find(([prefix]) => path.startsWith(prefix));
    if (!root) return void res.writeHead(404, headers).end('not found');
    const dir = resolve(root[1]); // no trailing separator
    const file = normalize(join(dir, path.slice(root[0].length) || 'index.html'));
    if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403, headers).end('forbidden');
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        ...headers,
        'Cache-Control': 'no-cache',
        'Content-Type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream',
      });
      res.end(body);
    } catch {
      res.writeHead(404, headers).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ok(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok(undefined));
        server.closeAllConnections(); // a browser's keep-alive connections would hold close() open
      }),
  };
}
