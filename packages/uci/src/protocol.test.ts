import { describe, expect, test } from 'vitest';
import { checkOption, spsaInputs, tuningOnly } from './options';
import { parseGo, parsePosition, parseSetoption, tokenize } from './protocol';

describe('tokenize', () => {
  test('takes any whitespace', () => {
    expect(tokenize(' \t go  depth\t5 \r')).toEqual(['go', 'depth', '5']);
  });
});

describe('parseGo', () => {
  test('every limit', () => {
    const g = parseGo(
      tokenize(
        'wtime 1000 btime -20 winc 10 binc 10 movestogo 5 depth 7 nodes 1000 movetime 50 mate 3 infinite ponder searchmoves e2e4 e7e8q',
      ),
    );
    expect(g).toEqual({
      limits: {
        wtime: 1000,
        btime: -20,
        winc: 10,
        binc: 10,
        movestogo: 5,
        depth: 7,
        nodes: 1000,
        movetime: 50,
        mate: 3,
        infinite: true,
        ponder: true,
        searchMoves: ['e2e4', 'e7e8q'],
      },
      errors: [],
    });
  });

  test('a bare go and go infinite stay infinite', () => {
    expect(parseGo([])).toEqual({ limits: {}, errors: [] });
    expect(parseGo(['infinite'])).toEqual({ limits: { infinite: true }, errors: [] });
  });

  test.each([
    ['movetime 0', { depth: 1 }],
    ['nodes 0', { depth: 1 }],
    ['depth 0', { depth: 1 }],
    ['mate 0', { depth: 1 }],
    ['depth 0 movetime 500', { depth: 1, movetime: 500 }],
    ['depth 12 nodes 0', { depth: 1 }],
  ])('a limit of 0 is the smallest search: go %s', (args, limits) => {
    expect(parseGo(tokenize(args))).toEqual({ limits, errors: [] });
  });

  test('movestogo 0 is read as absent, silently', () => {
    expect(parseGo(tokenize('wtime 1000 btime 1000 movestogo 0'))).toEqual({
      limits: { wtime: 1000, btime: 1000 },
      errors: [],
    });
  });

  test.each([
    ['depth x', {}, ['depth needs an integer, got "x"']],
    ['wtime', {}, ['wtime needs a number']],
    ['movetime -5', {}, ['movetime must not be negative, got -5']],
    ['nodes 99999999999999', {}, ['nodes 99999999999999 is out of range']],
    ['searchmoves', {}, ['searchmoves needs at least one move in UCI notation (like e2e4 or e7e8q)']],
    [
      'searchmoves e2e9',
      {},
      ['searchmoves needs at least one move in UCI notation (like e2e4 or e7e8q)', 'unknown parameter "e2e9"'],
    ],
    ['bogus 3', {}, ['unknown parameters "bogus" "3"']],
    ['perft 0', {}, ['perft needs a depth of at least 1']],
  ])('go %s: only invalid limits, so depth 1, and the errors named', (args, rest, errors) => {
    expect(parseGo(tokenize(args))).toEqual({ limits: { ...rest, depth: 1 }, errors });
  });

  test('bad tokens are dropped and the rest is kept', () => {
    expect(parseGo(tokenize('depth 5 bogus nodes x'))).toEqual({
      limits: { depth: 5 },
      errors: ['nodes needs an integer, got "x"', 'unknown parameter "bogus"'],
    });
    expect(parseGo(tokenize('wtime 1000 btime x winc 10'))).toEqual({
      limits: { wtime: 1000, winc: 10 },
      errors: ['btime needs an integer, got "x"'],
    });
    expect(parseGo(tokenize('infinite frob'))).toEqual({
      limits: { infinite: true },
      errors: ['unknown parameter "frob"'],
    });
    expect(parseGo(tokenize('searchmoves e2e4 d2d4 xx depth 3'))).toEqual({
      limits: { searchMoves: ['e2e4', 'd2d4'], depth: 3 },
      errors: ['unknown parameter "xx"'],
    });
  });

  test('depth and perft are capped', () => {
    expect(parseGo(tokenize('depth 1000')).limits).toEqual({ depth: 255 });
    expect(parseGo(tokenize('perft 99')).limits).toEqual({ perft: 20 });
  });
});

describe('parsePosition', () => {
  test('startpos and fen, with moves', () => {
    expect(parsePosition(tokenize('startpos moves e2e4 e7e5'))).toEqual({
      cmd: { fen: null, moves: ['e2e4', 'e7e5'] },
      error: null,
    });
    expect(parsePosition(tokenize('fen 8/8/8/8/8/8/8/K1k5 w - - 0 1'))).toEqual({
      cmd: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: [] },
      error: null,
    });
  });

  test('an unreadable move keeps the moves before it and names it', () => {
    expect(parsePosition(tokenize('startpos moves e2e4 xx e7e5'))).toEqual({
      cmd: { fen: null, moves: ['e2e4'], unreadable: 'xx' },
      error: null,
    });
  });

  test.each([
    ['start', 'position: expected "startpos" or "fen <FEN>", got "start"'],
    ['', 'position: expected "startpos" or "fen <FEN>"'],
    ['fen', 'position: fen needs a FEN string'],
    ['startpos e2e4', 'position: unexpected "e2e4" after startpos (expected "moves")'],
  ])('"position %s" gives no position at all', (args, error) => {
    expect(parsePosition(tokenize(args))).toEqual({
      cmd: null,
      error: `${error}; no position until a valid one arrives`,
    });
  });
});

describe('setoption and options', () => {
  test('names and values may hold spaces', () => {
    expect(parseSetoption(tokenize('name Move Overhead value 100'))).toEqual({
      ok: true,
      value: { name: 'Move Overhead', value: '100' },
    });
    expect(parseSetoption(tokenize('name Clear Hash'))).toEqual({
      ok: true,
      value: { name: 'Clear Hash', value: null },
    });
    expect(parseSetoption(tokenize('value 3')).ok).toBe(false);
  });

  test('case-insensitive names, typed values', () => {
    expect(checkOption('hash', '64')).toMatchObject({ ok: true, value: { value: 64 } });
    expect(checkOption('Hash', '0')).toMatchObject({ ok: false });
    expect(checkOption('Hash', 'lots')).toMatchObject({ ok: false });
    expect(checkOption('Ponder', 'yes')).toMatchObject({ ok: false });
    expect(checkOption('uci_chess960', 'true')).toMatchObject({ ok: true, value: { value: true } });
    expect(checkOption('NoSuch', '1')).toMatchObject({ ok: false, error: 'setoption: unknown option "NoSuch"' });
  });

  test('tuning options exist only in the tuning build', () => {
    expect(checkOption('EvalPreset', 'handset', false)).toMatchObject({ ok: false });
    expect(checkOption('EvalPreset', 'handset', true)).toMatchObject({ ok: true, value: { value: 'handset' } });
    expect(tuningOnly('evalparams', false)).toMatch(/EvalParams is an option of the tuning build only/);
    expect(tuningOnly('evalparams', true)).toBeNull();
    expect(tuningOnly('Hash', false)).toBeNull();
    expect(tuningOnly('NoSuch', false)).toBeNull();
  });

  test("spsa-inputs: OpenBench's line for each numeric tunable, none for a switch", () => {
    const facts = [
      { name: 'NullMove', value: 1, min: 0, max: 1 },
      { name: 'RfpMargin', value: 75, min: 20, max: 200, step: 10 },
      { name: 'QsSeeMargin', value: -40, min: -300, max: 100, step: 20 },
    ];
    expect(spsaInputs(facts)).toEqual([
      'RfpMargin, int, 75, 20, 200, 10, 0.002',
      'QsSeeMargin, int, -40, -300, 100, 20, 0.002',
    ]);
  });
});
