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
 *   node apps/uci/scripts/browser-nps.mjs [--movetime 3000] [--rounds 1] [--no-isolation] [--module]
 *
 * Needs a build (dist/tempo.js, dist/tempo-worker.js) and Chromium at $CHROMIUM_PATH
 * or /usr/bin/chromium. --no-isolation serves the page without COOP/COEP (the worker
 * then runs without shared memory); --module starts it as a module worker.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startEngine } from './lines.mjs';
import { serveStatic } from './static-server.mjs';

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/1BN1B3/PPP1Q1PP/2KR3R w - - 0 14',
  '8/5pk1/6p1/2R5/5P2/6PK/r7/8 b - - 0 45',
  '8/3k4/2p1b3/1p1p4/1P1P1B2/2P3K1/8/8 w - - 0 40',
];

const argv = process.argv.slice(2);
let movetime = 3000, rounds = 1, isolation = true, type = 'classic';
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--movetime') movetime = Number(argv[++i]);
  else if (argv[i] === '--rounds') rounds = Number(argv[++i]);
  else if (argv[i] === '--no-isolation') isolation = false;
  else if (argv[i] === '--module') type = 'module';
  else throw new Error(`unknown argument ${argv[i]} (expected --movetime MS, --rounds N, --no-isolation, --module)`);
}
if (!(movetime > 0) || !(rounds >= 1)) throw new Error('--movetime and --rounds want positive numbers');

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const page = mkdtempSync(join(tmpdir(), 'tempo-nps-page-'));
writeFileSync(join(page, 'index.html'), '<!doctype html><meta charset="utf-8"><title>tempo nps</title>');
const server = await serveStatic({ roots: { '/': page, '/dist/': dist }, isolation });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
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
const web = handle((l) => tab.evaluate((x) => self.engine.postMessage(x), l));
await tab.exposeFunction('tempoLine', (l) => web.line(l));
await tab.evaluate(([url, t]) => {
  self.engine = new Worker(url, { type: t });
  self.engine.onmessage = (e) => self.tempoLine(e.data);
}, [`${server.url}dist/tempo-worker.js`, type]);
const nodeProc = startEngine(join(dist, 'tempo.js'));

const engines = [
  { name: 'Node', h: nodeProc, pids: () => descendants(nodeProc.child.pid) },
  {
    name: `Chromium ${isolation ? 'isolated' : 'not isolated'} ${type}`,
    h: web,
    // Chromium's processes are this script's children other than the Node engine's.
    pids: () => {
      const node = new Set(descendants(nodeProc.child.pid));
      return descendants(process.pid).filter((p) => p !== process.pid && !node.has(p));
    },
  },
];
for (const e of engines) {
  const ok = e.h.next(/^uciok$/);
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
    const n = / nodes (\d+)/.exec(l), t = / time (\d+)/.exec(l);
    if (e.cur && l.startsWith('info') && n && t) e.cur = { nodes: Number(n[1]), time: Number(t[1]) };
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
  await e.h.send(`go movetime ${ms}`);
  await best;
  const t1 = threadTicks(pids);
  const r = e.cur;
  e.cur = null;
  if (r.time <= 0) throw new Error(`${e.name} gave no info line with nodes and time on ${fen}`);
  let ticks = 0;
  for (const [k, v] of t1) ticks = Math.max(ticks, v - (t0.get(k) ?? 0));
  return { ...r, cpuMs: ticks * 10 };
}

// A warm-up round (1 s a position each): Chromium's V8 compiles the hot code later than Node's.
for (const fen of FENS) for (const e of engines) await measure(e, fen, Math.min(1000, movetime));
console.log(`go movetime ${movetime}, one thread, Hash 16, ${FENS.length} positions x ${rounds}; ${(await browser.version())}, Node ${process.versions.node}; load ${loadavg()[0].toFixed(1)}`);
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
      row.push(`${Math.round((x.nodes / x.time) * 1000)} (cpu ${Math.round((x.nodes / Math.max(1, x.cpuMs)) * 1000)})`.padStart(Math.max(22, e.name.length)));
    }
    const ratio = (k) => (engines[1][k].at(-1) / engines[0][k].at(-1)).toFixed(2);
    console.log([String(i + 1).padStart(8), ...row, `ratio ${ratio('per')} (cpu ${ratio('perCpu')})`].join('  '));
  }
const nps = (e) => (e.nodes / e.ms) * 1000;
const cpuNps = (e) => (e.nodes / Math.max(1, e.cpuMs)) * 1000;
console.log(['   total', ...engines.map((e) => `${Math.round(nps(e))} (cpu ${Math.round(cpuNps(e))})`.padStart(Math.max(22, e.name.length)))].join('  '));
const spread = (k) => {
  const r = engines[1][k].map((x, i) => x / engines[0][k][i]);
  return `per position ${Math.min(...r).toFixed(2)} to ${Math.max(...r).toFixed(2)}`;
};
console.log(`browser / Node, wall clock: ${(nps(engines[1]) / nps(engines[0])).toFixed(3)} (${spread('per')})`);
console.log(`browser / Node, CPU time of the search thread: ${(cpuNps(engines[1]) / cpuNps(engines[0])).toFixed(3)} (${spread('perCpu')}); load ${loadavg()[0].toFixed(1)}`);

await nodeProc.quit();
await browser.close();
await server.close();
rmSync(page, { recursive: true, force: true });
