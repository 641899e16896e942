import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createArbiter } from './arbiter';
import { readOpenings } from './openings';
import { parseInfo, splitCommand, type SearchInfo } from './uci-player';

describe('the arbiter checks every move', () => {
  it('refuses malformed, illegal, missing and surplus promotions, leaving the board as it was', () => {
    const a = createArbiter('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', false);
    const fen = a.fen();
    for (const bad of ['', 'e2e4', 'b7b8', 'b7b8k', 'e1e3', 'e1g1', 'a1a1', '0000', 'E1E2']) {
      expect(a.play(bad)).toBeNull();
      expect(a.fen()).toBe(fen);
    }
    expect(a.play('e1e2q')).toBeNull();
    expect(a.play('b7b8q')).toBe('b8=Q+');
  });

  it('ends games by the rules', () => {
    const mate = createArbiter('7k/Q7/6K1/8/8/8/8/8 w - - 0 1', false);
    mate.play('a7g7');
    expect(mate.outcome()).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(createArbiter('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', false).outcome()?.reason).toBe('stalemate');
    expect(createArbiter('7k/8/6K1/8/8/8/8/8 w - - 0 1', false).outcome()?.reason).toBe('insufficient material');
    expect(createArbiter('7k/8/6K1/8/8/8/8/R7 w - - 100 80', false).outcome()?.reason).toBe('fifty-move rule');
    const rep = createArbiter('7k/8/6K1/8/8/8/8/R7 w - - 0 1', false);
    for (const m of ['a1a2', 'h8g8', 'a2a1', 'g8h8', 'a1a2', 'h8g8', 'a2a1', 'g8h8']) rep.play(m);
    expect(rep.outcome()?.reason).toBe('threefold repetition');
  });

  it('plays Chess960 with chessops, castling king-takes-rook', () => {
    const a = createArbiter('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', true);
    expect(a.play('g1g2')).toBeNull();
    const b = createArbiter('1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1', true);
    expect(b.play('g1h1')).toBe('O-O');
    expect(b.fen().split(' ')[0]).toBe('1r4kr/8/8/8/8/8/8/1R3RK1');
    const rep = createArbiter('1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1', true);
    for (const m of ['b1b2', 'b8b7', 'b2b1', 'b7b8', 'b1b2', 'b8b7', 'b2b1', 'b7b8'])
      expect(rep.play(m)).not.toBeNull();
    expect(rep.outcome()?.reason).toBe('threefold repetition');
  });
});

describe('openings', () => {
  it('reads PGN main lines as engine moves (castling e1g1) and EPD positions, and names a bad line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolkit-'));
    writeFileSync(
      join(dir, 'o.pgn'),
      '[Event "?"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n\n[FEN "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"]\n[SetUp "1"]\n\n1. O-O-O *\n',
    );
    const pgn = readOpenings(join(dir, 'o.pgn'), false);
    expect(pgn[0].moves).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'e1g1', 'g8f6']);
    expect(pgn[1]).toEqual({ fen: '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', moves: ['e1c1'] });
    writeFileSync(
      join(dir, 'o.epd'),
      '# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;id "start"\n7k/5Q2/6K1/8/8/8/8/9 b - -\n',
    );
    expect(() => readOpenings(join(dir, 'o.epd'), false)).toThrow(/o\.epd:3: not a playable position/);
    // The side not to move in check (the rook gives check, white to move): no game reaches it.
    writeFileSync(join(dir, 'o.epd'), '8/8/5k2/8/5R2/8/4K3/8 w - - 0 1\n');
    expect(() => readOpenings(join(dir, 'o.epd'), false)).toThrow(
      /o\.epd:1: not a playable position "8\/8\/5k2\/8\/5R2\/8\/4K3\/8 w - - 0 1" \(the side not to move is in check\)/,
    );
    writeFileSync(join(dir, 'o.epd'), '8/8/5k2/8/5R2/8/4K3/8 b - - 0 1\n');
    expect(readOpenings(join(dir, 'o.epd'), false)).toHaveLength(1);
  });
});

describe('UCI text', () => {
  it('splits commands like a shell, without expansions', () => {
    expect(splitCommand(`node "a b/c.js" --x 'y z' w\\ v`)).toEqual(['node', 'a b/c.js', '--x', 'y z', 'w v']);
  });

  it('reads scores, mates and depths from info lines', () => {
    const i: SearchInfo = {};
    parseInfo('info depth 12 seldepth 18 score cp -35 nodes 1234 pv e2e4 e7e5', i);
    expect(i).toEqual({ depth: 12, nodes: 1234, score: -35, scoreText: '-0.35' });
    parseInfo('info depth 13 score mate -3 pv e2e4', i);
    expect(i.score).toBe(-99994);
    expect(i.scoreText).toBe('-M3');
  });
});
