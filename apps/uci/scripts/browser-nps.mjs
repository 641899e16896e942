#!/usr/bin/env node
/**
 * Search speed of the worker engine in Chromium against the Node engine, on the same
 * positions (the six of tools/perft's `pnpm nps`, NPS_POSITIONS in
 * tools/perft/src/nps-parse.ts) at `go movetime MS`: the two take each position in
 * turn, so load changes hit them alike. One thread, Hash 16, `ucinewgame` before every
 * search, after a warm-up round of 1 s a position. A search's nps is its last `info ... nodes N
 * ... time T` line's N / T; a total is all nodes over all times; the ratio is the
 * browser's over Node's (target: within 10%, 0.90 to 1.10). On a shared machine the wall
 * clock measures the scheduler as much as the engine, so each search is also timed by
 * the CPU time of the thread that ran it (Linux: the thread of the engine's processes
 * whose utime + stime grew the most, from /proc/PID/task/TID/stat), which gives
 * nodes per CPU second.
 *
 * --peers adds, in the same page and in the same turn per position, other engines that
 * run as Web Workers: the npm `stockfish` package's lite single-threaded WebAssembly
 * build (a devDependency here, loaded from node_modules at run time) and Lozza (the
 * NNUE version and Lozza 2, classic workers that read a UCI line per message; their
 * files stay outside the repository, paths by --lozza and --lozza2). They get the same
 * commands (`ucinewgame` and `isready` before every search); a peer whose last info line
 * has no `time` is timed by the wall clock from `go` to `bestmove`. Ratios are then the
 * Tempo worker's over each other engine's. Figures only; no target.
 *
 *   node apps/uci/scripts/browser-nps.mjs [--movetime 3000] [--rounds 1] [--warmup 1000] [--no-isolation] [--module]
 *        [--peers [--lozza /root/.tempo/peers/lozza-head.js] [--lozza2 /root/.tempo/peers/lozza2.js]]
 *
 * Needs a build (dist/tempo.js, dist/tempo-worker.js) and Chromium at $CHROMIUM_PATH
 * or /usr/bin/chromium. --no-isolation serves the page without COOP/COEP (the worker
 * then runs without shared memory); --module starts it as a module worker.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startEngine } from './lines.mjs';
import { serveStatic } from './static-server.mjs';

// The six positions of tools/perft's `pnpm nps`, shared through data/nps-positions.fen.
const FENS = readFileSync(new URL('../../../data/nps-positions.fen', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

const argv = process.argv.slice(2);
let movetime = 3000,
  rounds = 1,
  warmup = 1000,
  isolation = true,
  type = 'classic',
  peers = false;
let lozza = '/root/.tempo/peers/lozza-head.js',
  lozza2 = '/root/.tempo/peers/lozza2.js';
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--movetime') movetime = Number(argv[++i]);
  else if (argv[i] === '--rounds') rounds = Number(argv[++i]);
  else if (argv[i] === '--warmup') warmup = Number(argv[++i]);
  else if (argv[i] === '--no-isolation') isolation = false;
  else if (argv[i] === '--module') type = 'module';
  else if (argv[i] === '--peers') peers = true;
  else if (argv[i] === '--lozza') lozza = argv[++i];
  else if (argv[i] === '--lozza2') lozza2 = argv[++i];
  else
    throw new Error(
      `unknown argument ${argv[i]} (expected --movetime MS, --rounds N, --warmup MS, --no-isolation, --module, --peers, --lozza FILE, --lozza2 FILE)`,
    );
}
if (!(movetime > 0) || !(rounds >= 1) || !(warmup > 0))
  throw new Error('--movetime, --rounds and --warmup want positive numbers');

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const page = mkdtempSync(join(tmpdir(), 'tempo-nps-page-'));
writeFileSync(join(page, 'index.html'), '<!doctype html><meta charset="utf-8"><title>tempo nps</title>');
const roots = { '/': page, '/dist/': dist };
/** The peer workers (--peers): name, URL path on the server, and the folder served there. */
const peerWorkers = [];
if (peers) {
  let sfBin;
  try {
    sfBin = join(dirname(createRequire(import.meta.url).resolve('stockfish/package.json')), 'bin');
  } catch {
    throw new Error('--peers needs the npm package stockfish (a devDependency of apps/uci): run pnpm install');
  }
  const sf = readdirSync(sfBin).find((f) => /^stockfish-[\d.]+-lite-single\.js$/.test(f));
  if (!sf) throw new Error(`no stockfish-*-lite-single.js in ${sfBin}`);
  peerWorkers.push({
    name: `Stockfish ${/[\d.]+/.exec(sf)[0]} lite single`,
    prefix: '/stockfish/',
    dir: sfBin,
    file: sf,
  });
  for (const [name, prefix, file] of [
    ['Lozza NNUE', '/lozza/', lozza],
    ['Lozza 2', '/lozza2/', lozza2],
  ]) {
    if (!existsSync(file))
      throw new Error(`no Lozza at ${file} (give the path with ${prefix === '/lozza/' ? '--lozza' : '--lozza2'})`);
    peerWorkers.push({ name, prefix, dir: dirname(file), file: basename(file) });
  }
  for (const p of peerWorkers) roots[p.prefix] = p.dir;
}
const server = await serveStatic({ roots, isolation });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const tab = await browser.newPage();
await tab.goto(server.url);

/** Processes under `pid` (itself included), from /proc's parent links. */
function descendants(pid) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [c, pp] of parent) if (pp === out[i]) out.push(c);
  return out;
}

/** CPU clock ticks (utime + stime, 1/100 s) of every thread of these processes. */
function threadTicks(pids) {
  const m = new Map();
  for (const pid of pids) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
        const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
        m.set(`${pid}/${t}`, Number(rest[11]) + Number(rest[12]));
      } catch {
        // gone meanwhile
      }
    }
  }
  return m;
}

/** An engine as lines in and out, whichever side of the browser it runs on. */
function handle(send) {
  const listeners = new Set();
  return {
    send,
    line: (l) => [...listeners].forEach((f) => f(l)),
    onLine: (f) => listeners.add(f),
    next: (re) =>
      new Promise((ok) => {
        const f = (l) => re.test(l) && (listeners.delete(f), ok(l));
        listeners.add(f);
      }),
  };
}
const workers = new Map();
await tab.exposeFunction('engineLine', (id, l) => workers.get(id).line(String(l).trimEnd()));
await tab.evaluate(() => (self.engines = {}));
/** Starts a worker in the page as engine `id`; its lines come back through engineLine. */
async function pageWorker(id, url, workerType) {
  const h = handle((l) => tab.evaluate(([i, x]) => self.engines[i].postMessage(x), [id, l]));
  workers.set(id, h);
  await tab.evaluate(
    ([i, u, t]) => {
      self.engines[i] = new Worker(u, { type: t });
      self.engines[i].onmessage = (e) => self.engineLine(i, e.data);
      self.engines[i].onerror = (e) => self.engineLine(i, `info string worker error: ${e.message}`);
    },
    [id, url, workerType],
  );
  return h;
}
const web = await pageWorker('tempo', `${server.url}dist/tempo-worker.js`, type);
const nodeProc = startEngine(join(dist, 'tempo.js'));
// Chromium's processes are this script's children other than the Node engine's.
const chromiumPids = () => {
  const node = new Set(descendants(nodeProc.child.pid));
  return descendants(process.pid).filter((p) => p !== process.pid && !node.has(p));
};

const engines = [
  { name: 'Node', h: nodeProc, pids: () => descendants(nodeProc.child.pid) },
  { name: `Chromium ${isolation ? 'isolated' : 'not isolated'} ${type}`, h: web, pids: chromiumPids },
];
for (const p of peerWorkers)
  engines.push({
    name: p.name,
    h: await pageWorker(p.name, `${server.url}${p.prefix.slice(1)}${p.file}`, 'classic'),
    pids: chromiumPids,
    peer: true,
  });
const tempo = engines[1];
for (const e of engines) {
  const ok = e.h.next(/^uciok$/);
  e.h.onLine((l) => l.startsWith('info string worker error') && console.error(`${e.name}: ${l}`));
  e.id = '';
  if (e.peer) e.h.onLine((l) => l.startsWith('id name ') && !e.id && (e.id = l.slice(8)));
  await e.h.send('uci');
  await ok;
  await e.h.send('setoption name Threads value 1');
  await e.h.send('setoption name Hash value 16');
  e.nodes = 0;
  e.ms = 0;
  e.per = [];
  e.cpuMs = 0;
  e.perCpu = [];
  e.cur = null;
  e.h.onLine((l) => {
    const n = / nodes (\d+)/.exec(l),
      t = / time (\d+)/.exec(l);
    if (e.cur && l.startsWith('info') && n) e.cur = { nodes: Number(n[1]), time: t ? Number(t[1]) : 0 };
  });
}

async function measure(e, fen, ms) {
  await e.h.send('ucinewgame');
  const ready = e.h.next(/^readyok$/);
  await e.h.send('isready');
  await ready;
  e.cur = { nodes: 0, time: 0 };
  const pids = e.pids();
  const t0 = threadTicks(pids);
  const best = e.h.next(/^bestmove/);
  await e.h.send(`position fen ${fen}`);
  const w0 = performance.now();
  await e.h.send(`go movetime ${ms}`);
  await best;
  const wall = performance.now() - w0;
  const t1 = threadTicks(pids);
  const r = e.cur;
  e.cur = null;
  if (r.nodes <= 0) throw new Error(`${e.name} gave no info line with nodes on ${fen}`);
  if (r.time <= 0 && !e.peer) throw new Error(`${e.name} gave no info line with nodes and time on ${fen}`);
  if (r.time <= 0) ((r.time = wall), (e.wallTimed = true));
  let ticks = 0;
  for (const [k, v] of t1) ticks = Math.max(ticks, v - (t0.get(k) ?? 0));
  return { ...r, cpuMs: ticks * 10 };
}

// A warm-up round (1 s a position each by default): Chromium's V8 compiles the hot code later than Node's.
for (const fen of FENS) for (const e of engines) await measure(e, fen, Math.min(warmup, movetime));
console.log(
  `go movetime ${movetime}, one thread, Hash 16, ${FENS.length} positions x ${rounds}, warm-up ${Math.min(warmup, movetime)} ms; ${await browser.version()}, Node ${process.versions.node}; load ${loadavg()[0].toFixed(1)}`,
);
for (const e of engines) if (e.peer) console.log(`${e.name}: ${e.id || '(no id name)'}`);
console.log(['position', ...engines.map((e) => e.name.padStart(Math.max(22, e.name.length)))].join('  '));
for (let r = 0; r < rounds; r++)
  for (let i = 0; i < FENS.length; i++) {
    const row = [];
    for (const e of engines) {
      const x = await measure(e, FENS[i], movetime);
      e.nodes += x.nodes;
      e.ms += x.time;
      e.per.push(x.nodes / x.time);
      e.cpuMs += x.cpuMs;
      e.perCpu.push(x.nodes / Math.max(1, x.cpuMs));
      row.push(
        `${Math.round((x.nodes / x.time) * 1000)} (cpu ${Math.round((x.nodes / Math.max(1, x.cpuMs)) * 1000)})`.padStart(
          Math.max(22, e.name.length),
        ),
      );
    }
    const ratio = (k) => (engines[1][k].at(-1) / engines[0][k].at(-1)).toFixed(2);
    console.log(
      [String(i + 1).padStart(8), ...row, `browser/Node ${ratio('per')} (cpu ${ratio('perCpu')})`].join('  '),
    );
  }
const nps = (e) => (e.nodes / e.ms) * 1000;
const cpuNps = (e) => (e.nodes / Math.max(1, e.cpuMs)) * 1000;
console.log(
  [
    '   total',
    ...engines.map((e) => `${Math.round(nps(e))} (cpu ${Math.round(cpuNps(e))})`.padStart(Math.max(22, e.name.length))),
  ].join('  '),
);
const spread = (k) => {
  const r = engines[1][k].map((x, i) => x / engines[0][k][i]);
  return `per position ${Math.min(...r).toFixed(2)} to ${Math.max(...r).toFixed(2)}`;
};
console.log(`browser / Node, wall clock: ${(nps(engines[1]) / nps(engines[0])).toFixed(3)} (${spread('per')})`);
console.log(
  `browser / Node, CPU time of the search thread: ${(cpuNps(engines[1]) / cpuNps(engines[0])).toFixed(3)} (${spread('perCpu')}); load ${loadavg()[0].toFixed(1)}`,
);
for (const e of engines.filter((x) => x.peer)) {
  const r = (k) => tempo[k].map((x, i) => x / e[k][i]);
  const range = (a) => `per position ${Math.min(...a).toFixed(2)} to ${Math.max(...a).toFixed(2)}`;
  console.log(
    `Tempo worker / ${e.name}: wall clock ${(nps(tempo) / nps(e)).toFixed(3)} (${range(r('per'))}), CPU ${(cpuNps(tempo) / cpuNps(e)).toFixed(3)} (${range(r('perCpu'))})${e.wallTimed ? '; timed by the wall clock from go to bestmove (no time in its info lines)' : ''}`,
  );
}

await nodeProc.quit();
await browser.close();
await server.close();
rmSync(page, { recursive: true, force: true });
