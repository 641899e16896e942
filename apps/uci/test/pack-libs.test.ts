/**
 * Every public package as a user installs it: `pnpm pack` of each (packing.ts), the
 * packed manifests checked, then `npm install` of the tarballs, offline, into fresh
 * npm projects in a temporary folder:
 *
 * - each library in a project of its own with only the tarballs of its dependencies,
 *   imported from ESM with one task it can do alone (perft 4 from the start position
 *   with position and movegen only, a mate in one from search, `uciok` from uci...)
 *   and loaded by require() too where Node loads ES modules so (20.19 and later);
 * - the engine package as the `tempo` command (`npx --no tempo bench` prints the same
 *   signature as the repository's build), and its client's declarations compiled by
 *   tsc under moduleResolution bundler and nodenext;
 * - the ```ts code blocks of the READMEs (the root's, each package's) that import a
 *   published package, compiled by tsc against every tarball installed together.
 *
 * Skipped with a message where the packages are not built or npm is missing, except
 * under CI=true, where either fails the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, installTarballs, npmAvailable, packWithPnpm, publicPackages } from './packing';

const PACKAGES = publicPackages();
const ENGINE = 'tempo-chess';
const LIBRARIES = PACKAGES.map((p) => p.manifest.name).filter((n) => n !== ENGINE);
const unbuilt = PACKAGES.filter(({ dir }) => !existsSync(join(dir, 'dist'))).map(({ dir }) => relative(ROOT, dir));
const npm = npmAvailable();
const reason = unbuilt.length
  ? `not built (${unbuilt.join(', ')}): run npx -y pnpm@10.34.8 build first`
  : !npm
    ? 'npm or npx is not available'
    : '';
if (reason && process.env.CI === 'true') throw new Error(`the packed packages test cannot run: ${reason}`);
if (reason) console.warn(`packed packages test skipped: ${reason}`);

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

interface Packed {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  scripts?: unknown;
  devDependencies?: unknown;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
  repository?: { type: string; url: string; directory?: string };
  publishConfig?: { access?: string };
  files?: string[];
}

/** One task per library, using that library (and what it depends on) only; prints JSON. */
const TASKS: Record<string, { script: string; expected: unknown }> = {
  '@tempo-chess/bitboard': {
    // A rook on a1 sees 14 squares on an empty board; a knight on g1 attacks e2, f3 and h3.
    script: `import * as b from '@tempo-chess/bitboard';
      const a1 = b.parseSquare('a1'), i = b.rookIndex(a1, 0, 0), g1 = b.parseSquare('g1');
      console.log(JSON.stringify([b.popcount(b.ROOK_TABLE[i], b.ROOK_TABLE[i + 1]),
        b.squaresOf(b.KNIGHT_ATTACKS[2 * g1], b.KNIGHT_ATTACKS[2 * g1 + 1]).map(b.squareName)]));`,
    expected: [14, ['e2', 'f3', 'h3']],
  },
  '@tempo-chess/position': {
    // The start position's FEN round-trips; a FEN with seven ranks is refused with a FenError.
    script: `import { Position, FenError, START_FEN } from '@tempo-chess/position';
      let refused = false;
      try { Position.fromFen('8/8/8/8/8/8/8 w - - 0 1'); } catch (e) { refused = e instanceof FenError; }
      console.log(JSON.stringify([Position.fromFen(START_FEN).toFen() === START_FEN, refused]));`,
    expected: [true, true],
  },
  '@tempo-chess/movegen': {
    // Perft 4 from the start position: 197,281, the published figure.
    script: `import { Position, START_FEN } from '@tempo-chess/position';
      import { perft } from '@tempo-chess/movegen';
      console.log(JSON.stringify(perft(Position.fromFen(START_FEN), 4)));`,
    expected: 197281,
  },
  '@tempo-chess/nnue': {
    // The default net's bytes are DEFAULT_NET_SIZE long and decode; cut short, they are refused.
    script: `import { decodeNet, NetFileError, DEFAULT_NET_SIZE } from '@tempo-chess/nnue';
      import { defaultNetBytes } from '@tempo-chess/nnue/default-net';
      const bytes = defaultNetBytes();
      let refused = false;
      try { decodeNet(bytes.subarray(0, bytes.length - 2)); } catch (e) { refused = e instanceof NetFileError; }
      console.log(JSON.stringify([bytes.length === DEFAULT_NET_SIZE, decodeNet(bytes).hidden > 0, refused]));`,
    expected: [true, true, true],
  },
  '@tempo-chess/eval': {
    // Two bare kings are a dead draw, which the evaluation scores exactly 0.
    script: `import { Position } from '@tempo-chess/position';
      import { DEFAULT_PSQ, EvalContext, evaluate } from '@tempo-chess/eval';
      const pos = Position.fromFen('8/8/4k3/8/8/3K4/8/8 w - - 0 1', { psq: DEFAULT_PSQ });
      console.log(JSON.stringify(evaluate(pos, new EvalContext())));`,
    expected: 0,
  },
  '@tempo-chess/search': {
    // A back-rank mate in one: Ra8#.
    script: `import { Position, moveToUci } from '@tempo-chess/position';
      import { createSignals, Searcher, TranspositionTable, uciScore } from '@tempo-chess/search';
      const searcher = new Searcher(new TranspositionTable(1), createSignals(), { multiPV: 1, moveOverhead: 0 });
      const pos = Position.fromFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', { psq: searcher.evalContext.psq });
      const r = searcher.search(pos, { depth: 4 });
      console.log(JSON.stringify([moveToUci(pos, r.bestMove), uciScore(r.score)]));`,
    expected: ['a1a8', { kind: 'mate', value: 1 }],
  },
  '@tempo-chess/uci': {
    // The loop answers \`uci\` with the engine's name and uciok, and the engine side loads.
    script: `import { SIGNALS, UciLoop, loadEngine } from '@tempo-chess/uci';
      let out = '';
      const loop = new UciLoop({ write: (t) => (out += t + '\\n'), post: () => {}, exit: () => {},
        now: () => performance.now(), setTimer: () => () => {} }, new Int32Array(SIGNALS.length));
      loop.line('uci');
      const engine = await loadEngine();
      console.log(JSON.stringify([/^id name Tempo/m.test(out), /^uciok$/m.test(out), typeof engine.startEngineWorker]));`,
    expected: [true, true, 'function'],
  },
};

describe.skipIf(reason !== '')('the packed public packages', () => {
  let work = '';
  const tarballs = new Map<string, string>();
  const packed = new Map<string, Packed>();

  /** A fresh project in work/<name> with `names` and their dependencies installed from the tarballs. */
  const project = (name: string, names: string[]): string => {
    const closure = new Set<string>();
    const add = (n: string) => {
      if (closure.has(n)) return;
      closure.add(n);
      for (const d of Object.keys(packed.get(n)!.dependencies ?? {})) add(d);
    };
    names.forEach(add);
    const dir = join(work, name);
    mkdirSync(dir);
    for (const n of closure) writeFileSync(join(dir, tarballs.get(n)!), readFileSync(join(work, tarballs.get(n)!)));
    installTarballs(
      dir,
      [...closure].map((n) => tarballs.get(n)!),
    );
    return dir;
  };

  const node = (cwd: string, args: string[]) =>
    execFileSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  const tsc = (cwd: string, project: string) => {
    try {
      execFileSync(process.execPath, [TSC, '-p', project], { cwd, encoding: 'utf8', stdio: 'pipe' });
      return '';
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? e);
    }
  };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'tempo-pack-libs-'));
    for (const { dir, manifest } of PACKAGES) {
      const file = packWithPnpm(dir, work);
      tarballs.set(manifest.name, file);
      const json = execFileSync('tar', ['-xzOf', file, 'package/package.json'], { cwd: work, encoding: 'utf8' });
      packed.set(manifest.name, JSON.parse(json) as Packed);
    }
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the packed manifests: one version, no workspace ranges, nothing of the monorepo, published fields', () => {
    const versions = new Set(PACKAGES.map(({ manifest }) => manifest.version));
    expect(versions.size).toBe(1); // the packages are released together
    const [version] = versions;
    for (const { dir, manifest } of PACKAGES) {
      const p = packed.get(manifest.name)!;
      expect(p.version).toBe(version);
      expect(p.private).toBeUndefined();
      expect(p.scripts).toBeUndefined();
      expect(p.devDependencies).toBeUndefined();
      expect(p.license).toBe('GPL-3.0-or-later');
      expect(p.engines?.node).toBe('>=20.19');
      expect(p.repository?.directory).toBe(relative(ROOT, dir));
      for (const [dep, range] of Object.entries(p.dependencies ?? {})) {
        expect(LIBRARIES).toContain(dep);
        expect(range).toBe(version);
      }
      if (p.name.startsWith('@')) expect(p.publishConfig?.access).toBe('public');
    }
    // The engine package bundles everything: it depends on nothing.
    expect(packed.get(ENGINE)!.dependencies ?? {}).toEqual({});
  });

  test.each(LIBRARIES)('%s installed with its dependencies only, imported on its own', (name) => {
    const task = TASKS[name];
    expect(task, `no task for ${name}`).toBeDefined();
    const dir = project(name.replace('/', '+'), [name]);
    const installed = readdirSync(join(dir, 'node_modules/@tempo-chess')).map((d) => `@tempo-chess/${d}`);
    const wanted = new Set<string>([name]);
    for (const n of wanted) for (const d of Object.keys(packed.get(n)!.dependencies ?? {})) wanted.add(d);
    expect(installed.sort()).toEqual([...wanted].sort());
    expect(JSON.parse(node(dir, ['--input-type=module', '-e', task.script]))).toEqual(task.expected);

    // require() of an ES module: on by default from Node 20.19 (and 22.12).
    const [major, minor] = process.versions.node.split('.').map(Number);
    if ((major === 20 && minor >= 19) || major >= 22) {
      const out = node(dir, [
        '--input-type=commonjs',
        '-e',
        `console.log(Object.keys(require(${JSON.stringify(name)})).length)`,
      ]);
      expect(Number(out)).toBeGreaterThan(0);
    }
  });

  test('the engine: npx --no tempo bench prints the signature of the repository build', () => {
    const dir = project('engine', [ENGINE]);
    const signature = (out: string) => /^Nodes searched: (\d+)$/m.exec(out)?.[1];
    const installed = execFileSync('npx', ['--no', 'tempo', 'bench'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    const built = node(ROOT, [join(ROOT, 'apps/uci/dist/tempo.js'), 'bench']);
    expect(signature(installed)).toBeDefined();
    expect(signature(installed)).toBe(signature(built));
  });

  test("the client's declarations compile under moduleResolution bundler and nodenext", () => {
    const dir = project('client', [ENGINE]);
    writeFileSync(
      join(dir, 'client.ts'),
      `import { createEngine, parseInfo, type Engine } from 'tempo-chess';
import { createEngine as fromSubpath } from 'tempo-chess/client';

export async function best(url: string): Promise<string> {
  const engine: Engine = createEngine(url, { type: 'module' });
  await engine.ready();
  const { bestmove } = await engine.bestMove('startpos', { depth: 8 });
  const depth: number | undefined = parseInfo('info depth 3 score cp 20 pv e2e4')?.depth;
  engine.terminate();
  return fromSubpath === createEngine ? bestmove : String(depth);
}
`,
    );
    const base = { strict: true, noEmit: true, target: 'ES2022', lib: ['ES2022', 'DOM'], types: [] };
    const configs = {
      'tsconfig.bundler.json': { ...base, module: 'ESNext', moduleResolution: 'Bundler' },
      'tsconfig.nodenext.json': { ...base, module: 'NodeNext', moduleResolution: 'NodeNext' },
    };
    for (const [file, compilerOptions] of Object.entries(configs)) {
      writeFileSync(join(dir, file), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
      expect(tsc(dir, file), file).toBe('');
    }
    // And a wrong use is an error, so the check has teeth.
    writeFileSync(join(dir, 'wrong.ts'), `import { createEngine } from 'tempo-chess';\ncreateEngine(42);\n`);
    writeFileSync(
      join(dir, 'tsconfig.wrong.json'),
      JSON.stringify({ compilerOptions: configs['tsconfig.bundler.json'], files: ['wrong.ts'] }),
    );
    expect(tsc(dir, 'tsconfig.wrong.json')).toMatch(/wrong\.ts\(2,14\): error TS2345/);
  });

  test('the READMEs: every ts code block that imports a published package compiles against the tarballs', () => {
    const names = PACKAGES.map((p) => p.manifest.name);
    const dir = project('readmes', names);
    const readmes = ['README.md', ...PACKAGES.map(({ dir: d }) => relative(ROOT, join(d, 'README.md')))].filter((f) =>
      existsSync(join(ROOT, f)),
    );
    const imports = (code: string) => [...code.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    const published = (spec: string) => names.some((n) => spec === n || spec.startsWith(`${n}/`));
    const files: string[] = [];
    for (const readme of readmes) {
      const blocks = [...readFileSync(join(ROOT, readme), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(
        (m) => m[1],
      );
      blocks.forEach((code, i) => {
        if (!imports(code).some(published)) return;
        const file = `${readme.replace(/\//g, '_').replace(/\.md$/, '')}_${i + 1}.ts`;
        writeFileSync(join(dir, file), code);
        files.push(file);
      });
    }
    // Every package README has such a block, and the root's has one.
    for (const { dir: d } of PACKAGES) {
      const prefix = relative(ROOT, d).replace(/\//g, '_') + '_README_';
      expect(
        files.some((f) => f.startsWith(prefix)),
        `${prefix} has no compiled example`,
      ).toBe(true);
    }
    expect(files.some((f) => f.startsWith('README_'))).toBe(true);
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      types: [],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    expect(tsc(dir, 'tsconfig.json')).toBe('');
  });
});
