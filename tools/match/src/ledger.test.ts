import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { RAW_DIR, parseLedger, parseRawOutput, readLedger, renderDocs, replaceBetweenMarks } from './ledger';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every file under a folder, as paths relative to the repository's root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const path = join(dir, f);
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

const TEMPO_MATCH = `tempo-match: 620/624 games | 268-176-176 | Elo 51.2 +/- 23.0 | 2026-11-27T21:44:00Z
Score of r2 vs r1: 270 - 176 - 178  [0.575] 624
Elo: 52.74 +/- 22.75, nElo: 64.28 +/- 27.26
LLR: 2.98 (-2.94, 2.94) [0.00, 10.00]
SPRT: H1 accepted`;

const FASTCHESS = `Results of net vs hce (10000 nodes, 1t, 16MB, openings-train.epd):
Elo: 30.00 +/- 25.00, nElo: 33.00 +/- 21.30
Games: 100, Wins: 40, Losses: 30, Draws: 30, Points: 55.0 (55.00 %)
LLR: 0.50 (20.0%) (-2.94, 2.94) [0.00, 10.00]
--------------------------------------------------
Results of net vs hce (10000 nodes, 1t, 16MB, openings-train.epd):
Elo: 37.54 +/- 20.02, nElo: 40.29 +/- 21.30
Games: 1022, Wins: 471, Losses: 361, Draws: 190, Points: 566.0 (55.38 %)
LLR: 2.95 (100.1%) (-2.94, 2.94) [0.00, 10.00]`;

describe('raw outputs', () => {
  test("tempo-match: the last summary's counts, Elo and LLR", () => {
    expect(parseRawOutput(TEMPO_MATCH, 'r.txt')).toEqual({
      tester: 'tempo-match',
      games: 624,
      wins: 270,
      losses: 176,
      draws: 178,
      elo: 52.74,
      eloError: 22.75,
      llr: { llr: 2.98, lower: -2.94, upper: 2.94, elo0: 0, elo1: 10 },
    });
  });

  test('fastchess: the last "Results of" block, not an earlier one', () => {
    const r = parseRawOutput(FASTCHESS, 'f.txt');
    expect([r.tester, r.games, r.wins, r.losses, r.draws, r.elo, r.eloError]).toEqual([
      'fastchess',
      1022,
      471,
      361,
      190,
      37.54,
      20.02,
    ]);
    expect(r.llr?.llr).toBe(2.95);
  });

  test('nan error bars read as null; a file without a summary is named', () => {
    const r = parseRawOutput('Score of a vs b: 98 - 0 - 2  [0.990] 100\nElo: 798.25 +/- nan, nElo: 1.0 +/- 68.10', 'x');
    expect([r.elo, r.eloError, r.llr]).toEqual([798.25, null, null]);
    expect(() => parseRawOutput('Started game 1 of 2', 'y.txt')).toThrow(
      'y.txt: no "Score of" or "Results of" summary',
    );
  });
});

describe('the ledger', () => {
  const entries = readLedger(ROOT);

  test('a bad line is refused with its line number', () => {
    expect(() => parseLedger('{"id": "a"}\n', 'l.jsonl')).toThrow(/^l\.jsonl:1: missing date, commits/);
    expect(() => parseLedger('not json', 'l.jsonl')).toThrow('l.jsonl:1: not a JSON object');
  });

  test.each(entries.filter((e) => e.raw.length > 0).map((e) => [e.id, e] as const))(
    '%s matches the raw output it names',
    (_id, e) => {
      for (const path of e.raw) {
        const text = readFileSync(join(ROOT, path), 'utf8');
        if (path.endsWith('.json')) {
          // tempo-match's result file: the counts and the openings drawn.
          const result = JSON.parse(text) as {
            counts: { wins: number; losses: number; draws: number };
            settings: { openings: { seed: number; part?: string }; engines: { name: string }[] };
          };
          expect(result.counts, path).toMatchObject({ wins: e.wins, losses: e.losses, draws: e.draws });
          expect(result.settings.openings.seed, path).toBe(e.openings.seed);
          expect(result.settings.openings.part ?? 'all', path).toBe(e.openings.part);
          expect(
            result.settings.engines.map((x) => x.name),
            path,
          ).toEqual(e.engines.map((x) => x.name));
          continue;
        }
        const r = parseRawOutput(text, path);
        expect(r.tester, path).toBe(e.tester);
        expect([r.games, r.wins, r.losses, r.draws], path).toEqual([e.games, e.wins, e.losses, e.draws]);
        expect([r.elo, r.eloError], path).toEqual([e.elo, e.eloError]);
        expect(r.llr?.llr ?? null, path).toBe(e.sprt?.llr ?? null);
      }
    },
  );

  test('every raw output file is named by an entry', () => {
    const named = new Set(entries.flatMap((e) => e.raw));
    const unnamed = filesUnder(RAW_DIR).filter((f) => !named.has(f));
    expect(unnamed).toEqual([]);
    for (const path of named) expect(relative(ROOT, join(ROOT, path)), `${path} exists`).toBe(path);
    for (const path of named) expect(statSync(join(ROOT, path)).isFile(), path).toBe(true);
  });

  test('the tables of MATCHES.md and STRENGTH.md are what the ledger writes', () => {
    for (const doc of renderDocs(ROOT, entries)) expect(doc.before, doc.path).toBe(doc.after);
  });

  test('a table cell stays within 120 characters', () => {
    for (const doc of renderDocs(ROOT, entries)) {
      const cells = doc.after.split('\n').flatMap((l) => (l.startsWith('| ') ? l.split(' | ') : []));
      expect(cells.filter((c) => c.length > 120)).toEqual([]);
    }
  });

  test('marks are required and the text outside them is kept', () => {
    const text =
      'before\n<!-- ledger:t: written by pnpm ledger from docs/results/matches.jsonl -->\nold\n<!-- /ledger:t -->\nafter';
    expect(replaceBetweenMarks(text, 't', 'new', 'd.md')).toBe(text.replace('old', 'new'));
    expect(() => replaceBetweenMarks('no marks', 't', 'x', 'd.md')).toThrow(/^d\.md: no <!-- ledger:t/);
  });
});
