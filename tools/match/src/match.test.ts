import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeUciCommand, type FailureKind, type GameRecord, type Opening } from '@tempo-chess/toolkit';
import { runMatch } from './match';
import type { MatchSettings, ResultFile } from './results';

const OPENINGS: Opening[] = [
  { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves: ['e2e4', 'e7e5'] },
  { fen: 'r1bqkbnr/pp1p1ppp/2n1p3/1Bp5/P3P3/8/1PPP1PPP/RNBQK1NR w KQkq - 0 4', moves: [] },
  { fen: 'rnb1kb1r/ppqppppp/2p2n2/8/8/2PP4/PPQ1PPPP/RNB1KBNR w KQkq - 0 4', moves: [] },
];

// The fakes answer at once, so these only bound how long a fault takes to be seen:
// wide enough that a healthy fake slowed tenfold never trips them. The faults do not
// depend on them: a slow fake answers only when stopped (after its clock), a late
// readyok comes long after readyMs, a stalled fake never answers.
const FAST = { handshakeMs: 30_000, readyMs: 10_000, stopGraceMs: 5000 };

function settings(a: string, b: string, games: number, maxMoves = 25, baseMs = 8000): MatchSettings {
  const limit = { kind: 'tc' as const, moves: 0, baseMs, incMs: 10 };
  return {
    engines: [
      { name: 'A', cmd: a, options: {}, limit },
      { name: 'B', cmd: b, options: {}, limit },
    ],
    chess960: false,
    adjudication: { maxMoves },
    marginMs: 100,
    games,
    openings: { file: 'test', count: OPENINGS.length, order: 'sequential', seed: 1 },
  };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'tempo-match-'));

type Played = { pair: number; game: number; white: string; g: GameRecord };

async function play(
  s: MatchSettings,
  extra: Partial<Parameters<typeof runMatch>[0]> = {},
): Promise<{ result: ResultFile; games: Played[] }> {
  const games: Played[] = [];
  const result = await runMatch({
    settings: s,
    openings: OPENINGS,
    concurrency: 1,
    timeouts: FAST,
    ...extra,
    events: { onGame: (pair, game, white, _b, g) => games.push({ pair, game, white, g }), ...extra.events },
  });
  return { result, games };
}

const cases: Array<{ misbehave: string; at: number; kind: FailureKind; reason: RegExp; extra?: string[] }> = [
  { misbehave: 'illegal', at: 3, kind: 'illegal move', reason: /White \(A\) illegal move: A played a1a1 in / },
  { misbehave: 'crash', at: 3, kind: 'crash', reason: /A exited with code 3/ },
  { misbehave: 'stall', at: 3, kind: 'stall', reason: /A sent no bestmove within/ },
  { misbehave: 'slow', at: 3, kind: 'time forfeit', reason: /A took \d+ ms of \d+ ms/ },
  {
    misbehave: 'late-isready',
    at: 3,
    kind: 'stall',
    reason: /A sent no readyok within 10000 ms/,
    extra: ['--delay', '60000'],
  },
  { misbehave: 'disconnect', at: 3, kind: 'disconnect', reason: /A closed its output/ },
];

describe('engine faults: each loses its game with the reason, the engine restarts, the next game runs', () => {
  it.each(cases)('$misbehave', async ({ misbehave, at, kind, reason, extra = [] }) => {
    const marker = join(tmp(), 'once');
    const bad = fakeUciCommand('--seed', '1', '--misbehave', misbehave, '--at', String(at), '--once', marker, ...extra);
    const { result, games } = await play(settings(bad, fakeUciCommand('--seed', '2'), 4, 12));
    expect(games).toHaveLength(4);
    const failed = games.filter((p) => p.g.failure);
    expect(failed).toHaveLength(1);
    const f = failed[0];
    expect(f.g.failure?.kind).toBe(kind);
    expect(f.g.reason).toMatch(reason);
    // A played white in the first game of each pair; the faulty side lost.
    expect(f.g.result).toBe(f.white === 'A' ? '0-1' : '1-0');
    expect(result.failures).toEqual({ A: { [kind]: 1 } });
    // The next game was played to its end by the rules or adjudication, with a restarted A.
    const next = games[games.indexOf(f) + 1];
    expect(next.g.failure).toBeUndefined();
    expect(next.g.moves.length).toBeGreaterThan(10);
    expect(result.counts.wins + result.counts.losses + result.counts.draws).toBe(4);
  });
});

describe('a stopped match resumed', () => {
  it('gives the same counts as one run straight through', async () => {
    const a = fakeUciCommand('--greedy', '--seed', '5');
    const b = fakeUciCommand('--seed', '6');
    // A clock the fakes (which answer at once) cannot overrun even on a loaded machine.
    const s = settings(a, b, 8, 25, 60_000);
    const straight = (await play(s, { concurrency: 2 })).result;
    expect(straight.failures).toEqual({});

    const out = join(tmp(), 'result.json');
    const stop = new AbortController();
    const half = (
      await play(s, {
        concurrency: 2,
        out,
        signal: stop.signal,
        events: { onPair: (r) => r.finished.length >= 2 && stop.abort() },
      })
    ).result;
    expect(half.finished.length).toBeGreaterThanOrEqual(2);
    expect(half.finished.length).toBeLessThan(4);
    const { readResultFile } = await import('./results');
    const saved = readResultFile(out);
    expect(saved.finished).toEqual(half.finished);
    const resumed = await play(s, { concurrency: 2, out, previous: saved });
    expect(resumed.games.length).toBe(2 * (4 - half.finished.length));
    expect(resumed.result.finished).toEqual([0, 1, 2, 3]);
    expect(resumed.result.failures).toEqual({});
    expect(resumed.result.counts).toEqual(straight.counts);
    expect(readResultFile(out).counts).toEqual(straight.counts);
  });
});

describe('the SPRT', () => {
  it('stops the match at its decision and records when it was taken; the pair in play then still counts', async () => {
    const a = fakeUciCommand('--greedy', '--seed', '5');
    const b = fakeUciCommand('--seed', '6');
    const s: MatchSettings = {
      ...settings(a, b, 200, 80, 60_000),
      sprt: { elo0: 0, elo1: 200, alpha: 0.2, beta: 0.2, model: 'logistic' },
    };
    const { result } = await play(s, { concurrency: 2 });
    const { sprtLlr } = await import('./stats');
    const c = result.counts;
    const games = c.wins + c.losses + c.draws;
    expect(result.sprtDecision).toBe('H1');
    const at = result.sprtDecidedAt!;
    expect(at.llr).toBeGreaterThanOrEqual(Math.log(0.8 / 0.2));
    expect(at.games % 2).toBe(0);
    // Two workers: at most the other worker's pair finishes after the decision.
    expect(games - at.games).toBeGreaterThanOrEqual(0);
    expect(games - at.games).toBeLessThanOrEqual(2);
    expect(games).toBeLessThan(200);
    if (games === at.games) expect(sprtLlr(c.penta, s.sprt!)).toBe(at.llr);
  });
});
