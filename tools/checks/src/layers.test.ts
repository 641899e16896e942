import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { checkLayers, formatViolation, importsOf } from './layers';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

test('every import in the tree keeps the layers', () => {
  expect(checkLayers(ROOT).map(formatViolation)).toEqual([]);
});

test('importsOf finds static, dynamic and re-export specifiers, and skips comments', () => {
  const text = [
    "import { a } from './a';",
    "import type { B } from '@x/b';",
    "export * from './c';",
    "// import { d } from './d';",
    "/* import { e } from './e'; */",
    "const f = await import('./f');",
    "import './g.css';",
    "const h = require('./h');",
    "const url = 'http://x//y';",
  ].join('\n');
  expect(importsOf(text)).toEqual([
    { specifier: './a', line: 1 },
    { specifier: '@x/b', line: 2 },
    { specifier: './c', line: 3 },
    { specifier: './f', line: 6 },
    { specifier: './g.css', line: 7 },
    { specifier: './h', line: 8 },
  ]);
});

describe('a wrong import is caught', () => {
  // A small workspace of its own, each package with one file, so each rule is seen to fire.
  const root = mkdtempSync(join(tmpdir(), 'tempo-layers-'));
  const pkg = (dir: string, name: string, deps: Record<string, string> = {}, exports?: object) => {
    mkdirSync(join(root, dir, 'src'), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name, dependencies: deps, exports }));
  };
  const file = (path: string, text: string) => writeFileSync(join(root, path), text);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { vitest: '*' } }));
  pkg('packages/position', '@t/position');
  pkg('packages/movegen', '@t/movegen', { '@t/position': '*' });
  pkg('apps/uci', 'app-uci', { '@t/movegen': '*' });
  pkg('apps/web', 'app-web', { 'app-uci': '*' });
  pkg('tools/perft', 'tool-perft', { '@t/movegen': '*', 'app-uci': '*', 'chess.js': '*' });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const only = (path: string, text: string) => {
    file(path, text);
    try {
      return checkLayers(root).map((v) => `${v.file}: ${v.rule}`);
    } finally {
      rmSync(join(root, path));
    }
  };

  test('allowed: a declared lower layer, a built-in, a root dev tool, a tool using an app', () => {
    expect(
      only('packages/movegen/src/a.ts', "import { P } from '@t/position';\nimport 'node:fs';\nimport 'vitest';"),
    ).toEqual([]);
    expect(only('tools/perft/src/a.ts', "import 'app-uci';\nimport { Chess } from 'chess.js';")).toEqual([]);
  });
  test('a layer imports a later one (declared or not)', () => {
    expect(only('packages/position/src/a.ts', "import { g } from '@t/movegen';")).toEqual([
      'packages/position/src/a.ts: imports @t/movegen, which packages/position/package.json does not declare',
      'packages/position/src/a.ts: packages/position imports packages/movegen, a layer at or above its own (bitboard, position, movegen, nnue, eval, search, uci)',
    ]);
  });
  test('an undeclared npm package', () => {
    expect(only('packages/movegen/src/a.ts', "import x from 'left-pad';")).toEqual([
      'packages/movegen/src/a.ts: imports left-pad, which packages/movegen/package.json does not declare',
    ]);
  });
  test('a deep relative path into another package, and a subpath its exports do not name', () => {
    expect(
      only('packages/movegen/src/a.ts', "import '../../position/src/board';\nimport '@t/position/src/board';"),
    ).toEqual([
      'packages/movegen/src/a.ts: reaches into packages/position by a relative path (import @t/position instead)',
      'packages/movegen/src/a.ts: imports ./src/board of @t/position, which its exports do not name',
    ]);
  });
  test('an app imports another app; a package reaches into an app', () => {
    expect(only('apps/web/src/a.ts', "import 'app-uci';")).toEqual(['apps/web/src/a.ts: an app imports another app']);
    expect(only('packages/movegen/src/a.ts', "import '../../../apps/uci/src/x';")).toEqual([
      'packages/movegen/src/a.ts: reaches into apps/uci by a relative path (import app-uci instead)',
    ]);
  });
  test('chess.js outside tools and tests', () => {
    expect(only('apps/uci/src/a.ts', "import { Chess } from 'chess.js';")).toEqual([
      'apps/uci/src/a.ts: chess.js (the rules oracle) is for tools and tests only',
      'apps/uci/src/a.ts: imports chess.js, which apps/uci/package.json does not declare',
    ]);
  });
});
