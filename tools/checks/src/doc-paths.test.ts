/**
 * The docs name only files that exist: every path into apps/, packages/, tools/ or
 * docs/ written in a README or a doc of the system is a file or folder of the tree.
 * Not checked: fenced code blocks (a command may name a file it creates), a path
 * after a colon (git's `REV:path`) and docs/history (it tells of files since
 * removed). A path counts as existing when git tracks it (a file, or a folder
 * holding tracked files), and a build output (`dist/`, `dist-tune/`) when the
 * package that builds it is tracked, since a clean clone has no build outputs. A
 * file moved or deleted without its mentions fails here, each stale mention listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, trackedFiles } from './tracked';

/** A path into the tree with a file extension: `packages/search/src/time.ts`, `docs/DESIGN.md`. */
const PATH = /(?<![:\w/.-])(?:apps|packages|tools|docs)\/[A-Za-z0-9_.\/-]*[A-Za-z0-9_-]\.[a-z]{2,5}\b/g;
const CHECKED = /(^|\/)README\.md$|^[A-Z]+\.md$|^docs\/[^/]+\.md$/;
const SKIPPED = [/^docs\/history\//, /(^|\/)node_modules\//];

/** The markdown files the check reads: READMEs, the root's docs and docs/*.md. */
export function checkedDocs(root: string): string[] {
  return trackedFiles(root).filter((f) => CHECKED.test(f) && !SKIPPED.some((r) => r.test(f)));
}

/** Every path named outside fenced code in `text` that `exists` denies, as `file:line: path`. */
export function stalePaths(file: string, text: string, exists: (path: string) => boolean): string[] {
  const found: string[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(PATH)) if (!exists(m[0])) found.push(`${file}:${i + 1}: ${m[0]}`);
  });
  return found;
}

/** Whether `path` is tracked, as a file or a folder, or is a build output of a tracked package. */
export function inTree(tracked: readonly string[], path: string): boolean {
  const built = /\/dist(-[a-z]+)?\//.exec(path);
  const p = built ? path.slice(0, built.index) : path;
  return tracked.some((f) => f === p || f.startsWith(`${p}/`));
}

test('the finder reports a missing path and leaves fenced code, globs and placeholders alone', () => {
  const have = new Set(['packages/search/src/time.ts']);
  const text = [
    'The clock is read in packages/search/src/time.ts, the rule in packages/search/src/rule.ts.',
    'Every packages/*/README.md and packages/<name>/src/index.ts.',
    '```sh',
    'node tools/x/make.mjs > docs/out.txt',
    '```',
    'See docs/GONE.md, or `git show abc123:docs/GONE.md`.',
  ].join('\n');
  expect(stalePaths('a.md', text, (p) => have.has(p))).toEqual([
    'a.md:1: packages/search/src/rule.ts',
    'a.md:6: docs/GONE.md',
  ]);
});

test('a path exists when tracked, and a build output when its package is tracked', () => {
  const tracked = ['packages/search/bench/bench.ts', 'docs/DESIGN.md'];
  expect(inTree(tracked, 'docs/DESIGN.md')).toBe(true);
  expect(inTree(tracked, 'packages/search/bench')).toBe(true);
  expect(inTree(tracked, 'packages/search/bench/dist/bench.mjs')).toBe(true);
  expect(inTree(tracked, 'packages/search/bench/dist-tune/bench.mjs')).toBe(true);
  expect(inTree(tracked, 'packages/search/be')).toBe(false);
  expect(inTree(tracked, 'packages/movegen/dist/index.js')).toBe(false);
  expect(inTree(tracked, 'docs/GONE.md')).toBe(false);
});

test('every path the docs name exists', () => {
  const tracked = trackedFiles(ROOT);
  const docs = checkedDocs(ROOT);
  expect(docs.length).toBeGreaterThan(10);
  const found = docs.flatMap((f) => stalePaths(f, readFileSync(join(ROOT, f), 'utf8'), (p) => inTree(tracked, p)));
  expect(found.join('\n')).toBe('');
});
