import { describe, expect, test } from 'vitest';
import { createSignals } from '@tempo-chess/search';
import { DEFAULT_NET_NAME, encodeNet, randomNet } from '@tempo-chess/nnue';
import { Engine } from './engine';
import { runBench } from './bench';
import { defaultNet } from './net';
import { USE_NNUE_DEFAULT } from './options';
import type { EnginePlatform } from './platform';

const FEN = 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8';
const GOOD = encodeNet(randomNet(32, 2, 11));

/** Net files by path, as a platform reads them (a missing one throws as fs would). */
function files(map: Record<string, Uint8Array>): EnginePlatform {
  return {
    readBinaryFile: (path) => {
      const bytes = map[path];
      if (!bytes) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return bytes;
    },
  };
}

/** An engine on FEN with a platform of net files; its output lines. */
function engine(platform: EnginePlatform = files({ 'good.nnue': GOOD })) {
  const out: string[] = [];
  const e = new Engine(createSignals(), (t) => out.push(...t.split('\n')), platform);
  e.setOption('Use NNUE', true); // whatever the default (USE_NNUE_DEFAULT), these tests are about the net
  e.position({ fen: FEN, moves: [] });
  /** The `eval` table. */
  const evalText = () => {
    const from = out.length;
    e.evalTrace();
    return out.slice(from).join('\n');
  };
  /** A search from empty tables: its last info line and its bestmove (deterministic with one thread). */
  const search = () => {
    e.newGame();
    const from = out.length;
    const best = e.go({ depth: 5 });
    return `${out
      .slice(from)
      .filter((l) => l.startsWith('info depth'))
      .at(-1)!
      .replace(/ (time|nps|hashfull) \d+/g, '')} ${best}`;
  };
  return { e, out, evalText, search };
}

describe('EvalFile: the net', () => {
  test('the embedded net by default: `eval` gives its verdict and the searches use it', () => {
    const { e, evalText } = engine();
    expect(e.settings().net).toBe(defaultNet());
    expect(evalText()).toMatch(/NNUE: 256 hidden neurons a side/);
  });

  test('a net file changes `eval` and the search; its default name, <default> and empty give the embedded net back', () => {
    const { e, out, evalText, search } = engine();
    const embedded = { eval: evalText(), search: search() };
    e.setOption('EvalFile', 'good.nnue');
    expect(out.filter((l) => l.startsWith('info string'))).toEqual([]);
    const good = { eval: evalText(), search: search() };
    expect(good.eval).toMatch(/NNUE: 32 hidden neurons a side, 2 output buckets/);
    expect(good.eval).not.toBe(embedded.eval);
    expect(good.search).not.toBe(embedded.search);
    for (const name of [DEFAULT_NET_NAME, '<default>', '', '<empty>']) {
      e.setOption('EvalFile', name);
      expect({ eval: evalText(), search: search() }, name).toEqual(embedded);
      e.setOption('EvalFile', 'good.nnue');
      expect(evalText()).toBe(good.eval);
    }
  });

  test('a truncated, foreign, corrupt or missing file is refused in one line naming it, and the net is kept', () => {
    const truncated = GOOD.slice(0, GOOD.length - 10);
    const foreign = GOOD.slice();
    foreign.set([80, 75, 3, 4]); // "PK\3\4": a zip file
    const corrupt = GOOD.slice();
    corrupt[1000] ^= 1;
    const { e, out, evalText, search } = engine(
      files({ 'good.nnue': GOOD, 'short.nnue': truncated, 'zip.nnue': foreign, 'bad.nnue': corrupt }),
    );
    e.setOption('EvalFile', 'good.nnue');
    const before = { eval: evalText(), search: search() };
    const cases: Array<[string, RegExp]> = [
      ['short.nnue', /^net file: \d+ bytes, expected \d+ for H = 32, B = 2 \(truncated: 10 missing\)$/],
      ['zip.nnue', /^net file: bad magic "PK\\u0003\\u0004", expected "TNNU" \(not a Tempo net\)$/],
      ['bad.nnue', /^net file: weights hash 0x[0-9a-f]{8} does not match the header's 0x[0-9a-f]{8} \(corrupt\)$/],
      ['/no/such.nnue', /^ENOENT: no such file or directory, open '\/no\/such.nnue'$/],
    ];
    for (const [path, message] of cases) {
      const from = out.length;
      e.setOption('EvalFile', path);
      const lines = out.slice(from);
      expect(lines, path).toHaveLength(1);
      const m = /^info string error: setoption: EvalFile "(.*?)": (.*); keeping the net good\.nnue$/.exec(lines[0]);
      expect(m, lines[0]).not.toBeNull();
      expect(m![1]).toBe(path);
      expect(m![2]).toMatch(message);
      expect({ eval: evalText(), search: search() }, path).toEqual(before);
    }
  });

  test('a platform that cannot read files keeps the embedded net, in one line', () => {
    const { e, out } = engine({});
    e.setOption('EvalFile', 'good.nnue');
    expect(out).toEqual([
      `info string error: setoption: EvalFile "good.nnue": this platform cannot read files; keeping the net ${DEFAULT_NET_NAME}`,
    ]);
    expect(e.settings().net).toBe(defaultNet());
  });
});

describe('Use NNUE', () => {
  test('the default is USE_NNUE_DEFAULT; the embedded net is what Use NNUE true evaluates with', () => {
    const e = new Engine(createSignals(), () => {});
    expect(e.settings().net).toBe(USE_NNUE_DEFAULT ? defaultNet() : null);
    e.setOption('Use NNUE', true);
    expect(e.settings().net).toBe(defaultNet());
  });

  test('false: the hand-crafted evaluation with EvalParams; bench as the engine with the net off, not as with it', () => {
    const { e, evalText, search } = engine();
    const withNet = { eval: evalText(), search: search(), bench: runBench(e.settings(), () => {}, 2).nodes };
    e.setOption('Use NNUE', false);
    expect(e.settings().net).toBeNull();
    const hce = { eval: evalText(), search: search(), bench: runBench(e.settings(), () => {}, 2).nodes };
    expect(hce.eval).not.toMatch(/NNUE/);
    expect(hce.search).not.toBe(withNet.search);
    expect(hce.bench).not.toBe(withNet.bench);
    // A fresh engine, net off, EvalParams default: the same evaluation, search and bench.
    const fresh = engine();
    fresh.e.setOption('EvalParams', 'default');
    fresh.e.setOption('Use NNUE', false);
    expect({
      eval: fresh.evalText(),
      search: fresh.search(),
      bench: runBench(fresh.e.settings(), () => {}, 2).nodes,
    }).toEqual(hce);
    // EvalParams still chooses the hand-crafted weights; a net loaded meanwhile waits for Use NNUE.
    e.setOption('EvalPreset', 'pesto-only');
    expect(evalText()).not.toBe(hce.eval);
    e.setOption('EvalPreset', 'default');
    e.setOption('EvalFile', 'good.nnue');
    expect(evalText()).toBe(hce.eval);
    e.setOption('Use NNUE', true);
    expect(evalText()).toMatch(/NNUE: 32 hidden neurons/);
  });
});
