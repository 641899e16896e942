/**
 * The repository speaks of the project, not of how the work on it was organised: no
 * "session", "hand-over", "issue N", "item N" or "round N of work" in source, tests,
 * READMEs and docs, the dated history included. docs/results/raw/** (testers'
 * output) are exempt. Technical senses (a kernel session under sched_autogroup, data a
 * page hands over to a worker) are allowed line by line below.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, trackedFiles } from './tracked';

/** Words of the project's process, each with what it is called in a finding. */
export const PROCESS_TALK: { name: string; pattern: RegExp }[] = [
  { name: 'session', pattern: /\bsessions?('s|s')?\b/i },
  { name: 'hand-over', pattern: /\bhand-?overs?\b|\bhanded over\b/i },
  { name: 'issue N', pattern: /\bissues? \(?#?\d+/i },
  { name: 'item N', pattern: /\bitems? \d+/i },
  { name: 'round N of work', pattern: /\bround \d+ of (the )?work\b/i },
];

/** Lines where a word has its technical sense: a file and a piece of the line. */
export const ALLOWED: { file: string; text: string }[] = [
  // The kernel's autogroup puts each login session's processes in a CPU group.
  { file: 'tools/tune/scripts/datagen-at.sh', text: 'kernel groups CPU time by session' },
  {
    file: 'tools/tune/scripts/datagen-at.sh',
    text: "not make a job yield to other sessions' work: datagen gets a session of its own",
  },
  // The browser page passes files to the engine's worker.
  { file: 'packages/uci/README.md', text: 'files the page handed over' },
];

const EXEMPT = [/^docs\/results\/raw\//, /^tools\/checks\/src\/process-talk\.test\.ts$/];
const SCANNED = /\.(ts|tsx|mts|mjs|cjs|js|sh|md|jsonl)$/;
const GENERATED = [/(^|\/)dist\//, /(^|\/)node_modules\//, /^packages\/nnue\/src\/default-net/];

/** The files the check reads: tracked source, tests, scripts, READMEs and docs. */
export function scannedFiles(root: string): string[] {
  return trackedFiles(root).filter(
    (f) => SCANNED.test(f) && !EXEMPT.some((r) => r.test(f)) && !GENERATED.some((r) => r.test(f)),
  );
}

/** Every line of `text` with process talk, as `file:line: [word] text`. */
export function findProcessTalk(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (ALLOWED.some((a) => a.file === file && line.includes(a.text))) return;
    for (const { name, pattern } of PROCESS_TALK) {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: [${name}] ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

test('the patterns find process talk and leave technical senses alone', () => {
  expect(findProcessTalk('a.md', "Stopped at the session's end (issue 23, item 4).")).toEqual([
    "a.md:1: [session] Stopped at the session's end (issue 23, item 4).",
    "a.md:1: [issue N] Stopped at the session's end (issue 23, item 4).",
    "a.md:1: [item N] Stopped at the session's end (issue 23, item 4).",
  ]);
  expect(findProcessTalk('b.ts', '// redone after the hand-over, round 3 of work')).toHaveLength(2);
  expect(findProcessTalk('c.md', 'The UCI engine keeps its state between games; items are sorted.')).toEqual([]);
  expect(findProcessTalk('tools/tune/scripts/datagen-at.sh', '# Where the kernel groups CPU time by session')).toEqual(
    [],
  );
});

test('no process talk in source, tests, READMEs or docs', () => {
  const files = scannedFiles(ROOT);
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) => findProcessTalk(f, readFileSync(join(ROOT, f), 'utf8')));
  // One finding a line, so that the failure lists every place to rewrite.
  expect(found.join('\n')).toBe('');
});
