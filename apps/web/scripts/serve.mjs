#!/usr/bin/env node
// @ts-check
/**
 * A small static server for the built page (apps/web/dist), on localhost only. By
 * default it sends the two headers that make the page cross-origin isolated, which the
 * browser requires before it lets the engine share memory between search threads
 * (SharedArrayBuffer):
 *   Cross-Origin-Opener-Policy: same-origin
 *   Cross-Origin-Embedder-Policy: require-corp
 * `--no-isolation` leaves them out (one search thread). Any static host works the same
 * way: set those two headers for Threads, or none for a single-threaded engine.
 *
 * Usage: node scripts/serve.mjs [--port 8080] [--host 127.0.0.1] [--dir dist] [--no-isolation]
 * The tests import startServer() and pass port 0 for a free port.
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Serves `dir` until closed. Resolves once listening, with the URL and the server.
 * @param {{ dir?: string, port?: number, host?: string, isolation?: boolean }} [options]
 * @returns {Promise<{ url: string, server: import('node:http').Server, close: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const dir = resolve(options.dir ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const isolation = options.isolation ?? true;
  const host = options.host ?? '127.0.0.1';
  const index = join(dir, 'index.html');
  if (!(await stat(index).catch(() => null))) throw new Error(`No built page at ${index}: run "pnpm web:build" first`);

  const server = createServer(async (req, res) => {
    const headers = {
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(isolation ? { ...ISOLATION_HEADERS, 'Cross-Origin-Resource-Policy': 'same-origin' } : {}),
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, headers).end('bad path');
      return;
    }
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== dir && !file.startsWith(dir + sep)) {
      res.writeHead(403, headers).end('forbidden');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        ...headers,
        'Content-Type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream',
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 8080, host, () => ok(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}/`,
    server,
    close: () => new Promise((ok) => server.close(() => ok(undefined))),
  };
}

/** @param {string[]} argv */
function parseArgs(argv) {
  const out = { port: 8080, host: '127.0.0.1', dir: undefined, isolation: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--no-isolation') out.isolation = false;
    else if (a === '--isolation') out.isolation = true;
    else if (a === '--port') out.port = Number(argv[++i]);
    else if (a === '--host') out.host = String(argv[++i]);
    else if (a === '--dir') /** @type {any} */ (out).dir = argv[++i];
    else if (a === '--') continue;
    else throw new Error(`Unknown argument "${a}" (expected --port N, --host H, --dir D, --no-isolation)`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error(`--port needs a port number, not "${argv[argv.indexOf('--port') + 1]}"`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const { url } = await startServer(args);
    console.log(`Tempo in the browser: ${url}`);
    console.log(
      args.isolation
        ? 'Cross-origin isolated (COOP same-origin, COEP require-corp): the Threads selector is shown. --no-isolation serves without these headers.'
        : 'Not cross-origin isolated (--no-isolation): one search thread. Serve without the flag for Threads.',
    );
    console.log('Ctrl+C stops the server.');
  } catch (e) {
    console.error(`serve: ${/** @type {Error} */ (e).message}`);
    process.exit(1);
  }
}
