/**
 * `tempo-nnue info FILE.tnd`: what a data file holds, read a block at a time: records,
 * games, side to move, results and scores (mover's view), pieces on the board.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { RECORD_BYTES } from './record';
import { checkDataFiles } from './train/data';

/** The summary of one file. */
export interface DataInfo {
  records: number;
  games: number;
  firstGame: number;
  lastGame: number;
  blackToMove: number;
  /** Mover's view: losses, draws, wins. */
  results: [number, number, number];
  scoreMean: number;
  scoreStdDev: number;
  /** Counts of |score| in [0, 50), [50, 150), [150, 400), [400, 1000), [1000, 3000), >= 3000. */
  scoreBands: number[];
  /** Counts by pieces on the board (2..32). */
  pieces: number[];
}

export const SCORE_BANDS = [50, 150, 400, 1000, 3000];

export function dataInfo(file: string): DataInfo {
  checkDataFiles([file]);
  const info: DataInfo = {
    records: 0,
    games: 0,
    firstGame: -1,
    lastGame: -1,
    blackToMove: 0,
    results: [0, 0, 0],
    scoreMean: 0,
    scoreStdDev: 0,
    scoreBands: new Array(SCORE_BANDS.length + 1).fill(0),
    pieces: new Array(33).fill(0),
  };
  const buf = new Uint8Array(RECORD_BYTES * 65536);
  const view = new DataView(buf.buffer);
  const fd = openSync(file, 'r');
  let sum = 0,
    sum2 = 0,
    prev = -1;
  try {
    for (;;) {
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got <= 0) break;
      for (let o = 0; o + RECORD_BYTES <= got; o += RECORD_BYTES) {
        const game = view.getUint32(o + 28, true);
        if (game !== prev) {
          info.games++;
          if (info.firstGame < 0) info.firstGame = game;
          prev = game;
        }
        info.lastGame = game;
        const score = view.getInt16(o + 24, true);
        sum += score;
        sum2 += score * score;
        let band = 0;
        while (band < SCORE_BANDS.length && Math.abs(score) >= SCORE_BANDS[band]) band++;
        info.scoreBands[band]++;
        info.results[Math.min(2, buf[o + 26])]++;
        info.blackToMove += buf[o + 27];
        info.pieces[bits(view.getUint32(o, true)) + bits(view.getUint32(o + 4, true))]++;
        info.records++;
      }
    }
  } finally {
    closeSync(fd);
  }
  info.scoreMean = sum / info.records;
  info.scoreStdDev = Math.sqrt(Math.max(0, sum2 / info.records - info.scoreMean ** 2));
  return info;
}

function bits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The summary as printed lines. */
export function formatInfo(file: string, i: DataInfo): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const pct = (x: number) => `${((100 * x) / i.records).toFixed(1)}%`;
  const bandNames = ['<50', '50-149', '150-399', '400-999', '1000-2999', '>=3000'];
  const pieceBands = [
    [2, 8],
    [9, 16],
    [17, 24],
    [25, 32],
  ].map(([a, b]) => `${a}-${b} ${pct(i.pieces.slice(a, b + 1).reduce((s, x) => s + x, 0))}`);
  return [
    `${file}: ${n(i.records)} records, ${n(i.games)} games (numbers ${i.firstGame}..${i.lastGame}), ${(i.records / i.games).toFixed(1)} records a game`,
    `side to move: white ${pct(i.records - i.blackToMove)}, black ${pct(i.blackToMove)}`,
    `results (mover's view): win ${pct(i.results[2])}, draw ${pct(i.results[1])}, loss ${pct(i.results[0])}`,
    `scores (mover's view, cp): mean ${i.scoreMean.toFixed(1)}, std dev ${i.scoreStdDev.toFixed(1)}; |score| ${bandNames.map((b, k) => `${b} ${pct(i.scoreBands[k])}`).join(', ')}`,
    `pieces on the board: ${pieceBands.join(', ')}`,
  ];
}
