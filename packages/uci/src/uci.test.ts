import { describe, expect, test } from 'vitest';
import type { FromWorker, ToWorker } from './messages';
import { ENGINE_NAME, SIGNALS, UciLoop } from './uci';

function harness(tuning = false) {
  const written: string[] = [];
  const posted: ToWorker[] = [];
  let exited = false;
  let clock = 1000;
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  const signals = new Int32Array(new SharedArrayBuffer(16));
  const loop = new UciLoop(
    {
      write: (t) => written.push(...t.split('\n')),
      post: (m) => posted.push(m),
      exit: () => (exited = true),
      now: () => clock,
      setTimer: (ms, fn) => {
        const t = { at: clock + ms, fn, live: true };
        timers.push(t);
        return () => (t.live = false);
      },
    },
    signals,
    tuning,
  );
  const reply = (msg: FromWorker) => loop.fromWorker(msg);
  /** Moves the clock on, firing the timers that fall due. */
  const advance = (ms: number) => {
    clock += ms;
    for (const t of timers) if (t.live && t.at <= clock) ((t.live = false), t.fn());
  };
  return { loop, written, posted, signals, reply, advance, exited: () => exited, timers };
}

describe('UciLoop', () => {
  test('uci is answered at once, without the worker', () => {
    const h = harness();
    h.loop.line('uci');
    expect(h.written[0]).toMatch(/^id name Tempo/);
    expect(h.written).toContain('option name Hash type spin default 16 min 1 max 8192');
    expect(h.written.at(-1)).toBe('uciok');
    expect(h.posted).toEqual([]);
  });

  test('uci: the normal build lists the options a person sets, in order, with no empty line', () => {
    const h = harness();
    h.loop.line('uci');
    expect(h.written.slice(0, 2)).toEqual([`id name ${ENGINE_NAME}`, 'id author the Tempo developers']);
    expect(h.written).not.toContain('');
    const names = h.written.filter((l) => l.startsWith('option ')).map((l) => /^option name (.+?) type /.exec(l)![1]);
    expect(names).toEqual([
      'Hash',
      'Threads',
      'MultiPV',
      'Ponder',
      'Move Overhead',
      'Clear Hash',
      'UCI_Chess960',
      'UCI_LimitStrength',
      'UCI_Elo',
      'Skill Level',
      'Skill Seed',
      'EvalFile',
      'Use NNUE',
      'UCI_ShowWDL',
    ]);
    expect(h.written).toContain('option name UCI_ShowWDL type check default false');
  });

  test('the normal build answers a tuning option with one line and ignores it; the tuning build takes it', () => {
    const h = harness();
    h.loop.line('setoption name evalpreset value handset');
    h.loop.line('setoption name EvalParams value /tmp/w.json');
    expect(h.written).toEqual([
      'info string setoption: EvalPreset is an option of the tuning build only (make TUNE=1); ignored',
      'info string setoption: EvalParams is an option of the tuning build only (make TUNE=1); ignored',
    ]);
    expect(h.posted).toEqual([]);
    expect(h.loop.optionLog.size).toBe(0);
    h.loop.line('spsa-inputs');
    expect(h.written.at(-1)).toBe('info string error: spsa-inputs: only the tuning build has tunables (make TUNE=1)');
    h.loop.line('setoption name UCI_ShowWDL value true');
    expect(h.posted).toEqual([{ type: 'setoption', name: 'UCI_ShowWDL', value: true }]);

    const t = harness(true);
    t.loop.line('uci');
    expect(t.written).toContain(
      'option name EvalPreset type combo default default var default var handset var pesto-only',
    );
    expect(t.written).toContain('option name EvalParams type string default default');
    t.loop.line('setoption name evalpreset value handset');
    expect(t.posted).toEqual([{ type: 'setoption', name: 'EvalPreset', value: 'handset' }]);
  });

  test('isready goes through the worker when idle, is answered at once while searching', () => {
    const h = harness();
    h.loop.line('isready');
    expect(h.posted).toEqual([{ type: 'ping', id: 1 }]);
    h.reply({ type: 'pong', id: 1 });
    expect(h.written).toEqual(['readyok']);
    h.loop.line('go infinite');
    h.loop.line('isready');
    expect(h.written).toEqual(['readyok', 'readyok']);
  });

  test('go infinite holds its bestmove until stop, and stop sets the flag', () => {
    const h = harness();
    h.loop.line('go infinite');
    expect(h.posted.at(-1)).toMatchObject({ type: 'go', limits: { infinite: true } });
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    expect(h.written).toEqual([]);
    h.loop.line('stop');
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(1);
    expect(h.written).toEqual(['bestmove e2e4']);
  });

  test('go ponder: ponderhit sets its flag and lets the bestmove through', () => {
    const h = harness();
    h.loop.line('go ponder wtime 1000 btime 1000');
    h.reply({ type: 'bestmove', text: 'bestmove e2e4 ponder e7e5' });
    expect(h.written).toEqual([]);
    h.loop.line('ponderhit');
    expect(Atomics.load(h.signals, SIGNALS.ponderhit)).toBe(1);
    expect(h.written).toEqual(['bestmove e2e4 ponder e7e5']);
  });

  test('a go after stop waits for the stopped search', () => {
    const h = harness();
    h.loop.line('go infinite');
    h.loop.line('stop');
    h.loop.line('position startpos moves e2e4');
    h.loop.line('go depth 3');
    expect(h.posted.filter((m) => m.type === 'go')).toHaveLength(1);
    h.reply({ type: 'bestmove', text: 'bestmove d2d4' });
    expect(h.posted.map((m) => m.type)).toEqual(['go', 'position', 'go']);
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(0);
  });

  test('go while searching without stop: one info string, and it runs after the current bestmove', () => {
    const h = harness();
    h.loop.line('go infinite');
    h.loop.line('go depth 2');
    expect(h.written).toEqual([
      'info string error: go: a search is already running; this go starts after its bestmove (send stop to end it)',
    ]);
    expect(h.posted.filter((m) => m.type === 'go')).toHaveLength(1);
    h.loop.line('stop');
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    expect(h.written.at(-1)).toBe('bestmove e2e4');
    expect(h.posted.filter((m) => m.type === 'go').at(-1)).toEqual({ type: 'go', limits: { depth: 2 } });
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(0);
    h.reply({ type: 'bestmove', text: 'bestmove d2d4' });
    expect(h.written.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove e2e4', 'bestmove d2d4']);
  });

  test('bad input gets one info string, and nothing reaches the worker but what it must answer', () => {
    const h = harness();
    for (const line of ['frobnicate', 'setoption name Hash value -1', 'setoption name Bogus value 1', 'perft x'])
      h.loop.line(line);
    expect(h.posted).toEqual([]);
    expect(h.written).toHaveLength(4);
    for (const w of h.written) expect(w).toMatch(/^info string error: /);
  });

  test('a go with bad tokens still searches: the errors go with it, for one line, and it ends in a bestmove', () => {
    const h = harness();
    h.loop.line('go depth x bogus');
    expect(h.written).toEqual([]);
    expect(h.posted).toEqual([
      { type: 'go', limits: { depth: 1 }, notes: ['depth needs an integer, got "x"', 'unknown parameter "bogus"'] },
    ]);
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    expect(h.written).toEqual(['bestmove e2e4']);
  });

  test('go perft with bad tokens: the errors in one line, then perft', () => {
    const h = harness();
    h.loop.line('go perft 3 frob');
    expect(h.written).toEqual(['info string error: go: unknown parameter "frob"']);
    expect(h.posted).toEqual([{ type: 'perft', depth: 3 }]);
  });

  test('a position that does not read is sent on as none, and replayed as none to a new worker', () => {
    const h = harness();
    h.loop.line('position startpos moves e2e4');
    h.loop.line('position fen');
    expect(h.written).toEqual([
      'info string error: position: fen needs a FEN string; no position until a valid one arrives',
    ]);
    expect(h.posted.at(-1)).toEqual({ type: 'position', cmd: null });
    h.loop.workerLost('test');
    h.loop.workerStarted();
    expect(h.posted.at(-1)).toEqual({ type: 'position', cmd: null });
    h.loop.line('position startpos moves e2e4 e7e5 zz');
    expect(h.posted.at(-1)).toEqual({
      type: 'position',
      cmd: { fen: null, moves: ['e2e4', 'e7e5'], unreadable: 'zz' },
    });
    expect(h.written).toHaveLength(2); // the engine names zz, not the loop
  });

  test('quit stops the search and exits after the worker is done', () => {
    const h = harness();
    h.loop.line('go infinite');
    h.loop.line('quit');
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(1);
    const ping = h.posted.at(-1) as { type: 'ping'; id: number };
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    expect(h.written).toEqual(['bestmove e2e4']);
    expect(h.exited()).toBe(false);
    h.reply({ type: 'pong', id: ping.id });
    expect(h.exited()).toBe(true);
  });

  test('end of input lets a finite search finish and answers a pending isready', () => {
    const h = harness();
    h.loop.line('isready');
    h.loop.line('go depth 5');
    h.loop.end();
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(0);
    h.reply({ type: 'pong', id: 1 });
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    expect(h.written).toEqual(['readyok', 'bestmove e2e4']);
    h.reply({ type: 'pong', id: (h.posted.at(-1) as { id: number }).id });
    expect(h.exited()).toBe(true);
  });

  test('end of input stops an infinite search', () => {
    const h = harness();
    h.loop.line('go infinite');
    h.loop.end();
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(1);
  });

  test('isready is answered at once when the worker has handled everything sent', () => {
    const h = harness();
    h.reply({ type: 'done', count: 0 }); // loaded and warm
    h.loop.line('isready');
    expect(h.written).toEqual(['readyok']);
    h.loop.line('position startpos');
    h.loop.line('isready');
    expect(h.written).toEqual(['readyok']);
    expect(h.posted.at(-1)).toMatchObject({ type: 'ping' });
    h.reply({ type: 'done', count: 1 });
    h.reply({ type: 'pong', id: 1 });
    h.reply({ type: 'done', count: 2 });
    expect(h.written).toEqual(['readyok', 'readyok']);
    h.loop.line('isready');
    expect(h.written).toEqual(['readyok', 'readyok', 'readyok']);
  });

  test('a search on the clock that has not answered in time is answered by the main thread', () => {
    const h = harness();
    h.loop.line('go wtime 100 btime 5000 winc 0 binc 0');
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    expect(h.timers).toHaveLength(1);
    h.reply({
      type: 'out',
      text: 'info depth 3 seldepth 4 multipv 1 score cp 20 nodes 300 nps 1 hashfull 0 time 5 pv e2e4 e7e5',
    });
    h.advance(59);
    expect(h.written.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    h.advance(1); // 60% of the 100 ms on the clock
    expect(h.written.at(-1)).toBe('bestmove e2e4');
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(1);
    h.loop.line('isready');
    expect(h.written.at(-1)).toBe('readyok');
    h.loop.line('position startpos moves e2e4 e7e5');
    h.loop.line('go wtime 100 btime 5000'); // arrives at 60 ms
    expect(h.posted.filter((m) => m.type === 'go')).toHaveLength(1); // waits for the late search
    h.advance(30);
    h.reply({
      type: 'out',
      text: 'info depth 4 seldepth 4 multipv 1 score cp 20 nodes 900 nps 1 hashfull 0 time 90 pv d2d4',
    });
    h.reply({ type: 'bestmove', text: 'bestmove d2d4' }); // late, at 90 ms: swallowed, with its info
    expect(h.written.some((l) => l.includes('pv d2d4'))).toBe(false);
    expect(h.written.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove e2e4']);
    expect(h.posted.filter((m) => m.type === 'go')).toHaveLength(2);
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(0);
    // The deferred go's clock started when it arrived (60 ms), not when it was sent on (90 ms).
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    h.advance(29);
    expect(h.written.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    h.advance(1); // 60 + 60
    expect(h.written.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove e2e4', 'bestmove a2a3']);
  });

  test("no emergency answer for black on white's clock, nor while pondering, nor for depth limits", () => {
    const h = harness();
    h.loop.line('go wtime 100 btime 5000');
    h.reply({ type: 'searching', side: 1, fallback: 'a7a6' });
    h.advance(1000);
    expect(h.written).toEqual([]);
    h.reply({ type: 'bestmove', text: 'bestmove e7e5' });
    h.loop.line('go ponder wtime 100 btime 100');
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    h.advance(1000);
    expect(h.written).toEqual(['bestmove e7e5']);
    h.loop.line('ponderhit'); // the clock starts now
    h.advance(59);
    expect(h.written).toEqual(['bestmove e7e5']);
    h.advance(1);
    expect(h.written).toEqual(['bestmove e7e5', 'bestmove a2a3']);
    h.reply({ type: 'bestmove', text: 'bestmove b2b3' });
    h.loop.line('go depth 30');
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    h.advance(100_000);
    expect(h.written).toHaveLength(2);
  });

  test('the emergency share: 60% of the clock by default, later with TmMaxShare or movestogo 1', () => {
    const h = harness();
    h.loop.line('go wtime 10000 btime 10000');
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    h.advance(5999);
    expect(h.written).toEqual([]);
    h.advance(1);
    expect(h.written).toEqual(['bestmove a2a3']);
    h.reply({ type: 'bestmove', text: 'bestmove e2e4' });
    h.loop.line('go wtime 10000 btime 10000 movestogo 1');
    h.reply({ type: 'searching', side: 0, fallback: 'a2a3' });
    h.advance(9499);
    expect(h.written).toHaveLength(1);
    h.advance(1);
    expect(h.written).toHaveLength(2);
  });

  test('the emergency clock starts at go even if the worker is silent; the side comes from the position', () => {
    const h = harness();
    h.loop.line('position startpos moves e2e4'); // black to move
    h.loop.line('go wtime 5000 btime 100');
    h.advance(59);
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(0);
    h.advance(1); // 60% of black's 100 ms, and not a word from the worker yet
    expect(Atomics.load(h.signals, SIGNALS.stop)).toBe(1);
    expect(h.written).toEqual([]);
    h.reply({ type: 'searching', side: 1, fallback: 'a7a6' });
    expect(h.written).toEqual(['bestmove a7a6']);
    h.reply({ type: 'bestmove', text: 'bestmove e7e5' });
    expect(h.written).toEqual(['bestmove a7a6']);
    h.loop.line('position fen 8/8/8/8/8/8/8/K1k5 b - - 0 1 moves c1c2');
    h.loop.line('go wtime 100 btime 5000'); // white to move after c1c2
    h.advance(60);
    h.reply({
      type: 'out',
      text: 'info depth 1 seldepth 1 multipv 1 score cp 0 nodes 3 nps 1 hashfull 0 time 1 pv a1a2',
    });
    expect(h.written).toEqual([
      'bestmove a7a6',
      'info depth 1 seldepth 1 multipv 1 score cp 0 nodes 3 nps 1 hashfull 0 time 1 pv a1a2',
      'bestmove a1a2',
    ]);
  });
});
