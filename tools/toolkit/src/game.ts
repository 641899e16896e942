/**
 * One game between two UCI players: the arbiter checks every move, the tester keeps
 * the clocks, and an engine's fault (illegal move, time forfeit, crash, disconnect,
 * stall) loses the game with its reason. Draw and resign adjudication and a maximum
 * length end games early on request.
 */
import { createArbiter, type GameResult } from './arbiter';
import type { Opening } from './openings';
import { EngineFailure, type FailureKind, type SearchInfo, type UciPlayer } from './uci-player';

/** A search limit: a clock, or a fixed amount of search per move. */
export type Limit =
  | { kind: 'tc'; /** moves per period, 0 for the whole game */ moves: number; baseMs: number; incMs: number }
  | { kind: 'nodes'; nodes: number }
  | { kind: 'depth'; depth: number }
  | { kind: 'movetime'; ms: number };

/** Adjudication settings; a field left out is off. */
export interface Adjudication {
  /** Draw when, from move `drawMoveNumber` on, both engines' |score| <= `drawScore` cp for `drawMoveCount` moves each. */
  draw?: { moveNumber: number; moveCount: number; score: number };
  /** Resign when both engines agree, for `moveCount` moves each, that one side is `score` cp or more ahead. */
  resign?: { moveCount: number; score: number };
  /** A draw after this many full moves. */
  maxMoves?: number;
}

/** The game's settings for one pair of players. */
export interface GameSettings {
  chess960: boolean;
  /** Limits for white and black. */
  limits: [Limit, Limit];
  /** Time an engine may overrun its clock (tester-side measurement). */
  marginMs: number;
  /** How long a search without a clock (nodes, depth) may take before it is a stall. */
  noClockMs: number;
  adjudication: Adjudication;
}

/** One played move, for the PGN. */
export interface PlayedMove {
  uci: string;
  san: string;
  /** Null for book moves. */
  info: SearchInfo | null;
  ms: number;
}

/** A finished game. */
export interface GameRecord {
  result: GameResult;
  /** Human reason: `checkmate`, `White (X) illegal move: ...`, `adjudication: draw by score`. */
  reason: string;
  /** PGN Termination: normal, adjudication, time forfeit, rules infraction, abandoned, stalled connection. */
  termination: string;
  /** The side whose engine failed, and how (the engine must be restarted). */
  failure?: { side: 'w' | 'b'; kind: FailureKind };
  startFen: string;
  moves: PlayedMove[];
}

const TERMINATION: Record<FailureKind, string> = {
  'illegal move': 'illegal move',
  'time forfeit': 'time forfeit',
  crash: 'abandoned',
  disconnect: 'abandoned',
  stall: 'stalled connection',
};

/** Plays one game from `opening`; `players` are [white, black]. Never throws for an engine's fault. */
export async function playGame(
  players: [UciPlayer, UciPlayer],
  opening: Opening,
  settings: GameSettings,
): Promise<GameRecord> {
  const arbiter = createArbiter(opening.fen, settings.chess960);
  const record: GameRecord = { result: '1/2-1/2', reason: '', termination: 'normal', startFen: opening.fen, moves: [] };
  const uciMoves: string[] = [];
  for (const uci of opening.moves) {
    const san = arbiter.play(uci);
    if (san === null) throw new Error(`opening move ${uci} is illegal in ${opening.fen}`);
    uciMoves.push(uci);
    record.moves.push({ uci, san, info: null, ms: 0 });
  }
  const sideIndex = () => (arbiter.turn() === 'w' ? 0 : 1);
  const lose = (side: 'w' | 'b', reason: string, termination: string) => {
    record.result = side === 'w' ? '0-1' : '1-0';
    record.reason = reason;
    record.termination = termination;
    return record;
  };
  const sideName = (side: 'w' | 'b') =>
    `${side === 'w' ? 'White' : 'Black'} (${players[side === 'w' ? 0 : 1].spec.name})`;

  for (const [i, p] of players.entries()) {
    try {
      await p.newGame(settings.chess960);
    } catch (e) {
      const side = i === 0 ? 'w' : 'b';
      if (!(e instanceof EngineFailure)) throw e;
      record.failure = { side, kind: e.kind };
      return lose(side, `${sideName(side)} ${e.kind}: ${e.detail}`, TERMINATION[e.kind]);
    }
  }

  const clocks = settings.limits.map((l) => (l.kind === 'tc' ? l.baseMs : 0));
  const movesMade = [0, 0];
  const adj = new AdjudicationState(settings.adjudication);
  const startPly = arbiter.fen().split(' ')[1] === 'w' ? 0 : 1;
  for (;;) {
    const rules = arbiter.outcome();
    if (rules) {
      record.result = rules.result;
      record.reason = rules.reason;
      return record;
    }
    const fullMoves = Math.floor((record.moves.length - opening.moves.length + startPly) / 2);
    if (settings.adjudication.maxMoves !== undefined && fullMoves >= settings.adjudication.maxMoves) {
      record.reason = `adjudication: maximum length of ${settings.adjudication.maxMoves} moves`;
      record.termination = 'adjudication';
      return record;
    }
    const s = sideIndex();
    const side = s === 0 ? 'w' : 'b';
    const limit = settings.limits[s];
    const { goArgs, limitMs } = goCommand(s, settings, clocks, movesMade[s]);
    let answer;
    try {
      answer = await players[s].go(opening.fen, uciMoves, goArgs, limitMs);
    } catch (e) {
      if (!(e instanceof EngineFailure)) throw e;
      record.failure = { side, kind: e.kind };
      return lose(side, `${sideName(side)} ${e.kind}: ${e.detail}`, TERMINATION[e.kind]);
    }
    const san = arbiter.play(answer.move);
    if (san === null) {
      const f = players[s].condemn('illegal move', `played ${answer.move || '(nothing)'} in ${arbiter.fen()}`);
      record.failure = { side, kind: 'illegal move' };
      return lose(side, `${sideName(side)} ${f.message}`, TERMINATION['illegal move']);
    }
    uciMoves.push(answer.move);
    record.moves.push({ uci: answer.move, san, info: answer.info, ms: answer.elapsedMs });
    if (limit.kind === 'tc') {
      movesMade[s]++;
      clocks[s] = Math.max(0, clocks[s] - answer.elapsedMs) + limit.incMs;
      if (limit.moves > 0 && movesMade[s] % limit.moves === 0) clocks[s] += limit.baseMs;
    }
    const verdict = adj.update(side, answer.info.score, fullMoves + 1);
    if (verdict) {
      record.result = verdict.result;
      record.reason = verdict.reason;
      record.termination = 'adjudication';
      return record;
    }
  }
}

/** The `go` arguments and the time the engine may take (clock plus margin). */
function goCommand(
  mover: number,
  settings: GameSettings,
  clocks: number[],
  made: number,
): { goArgs: string; limitMs: number } {
  const limit = settings.limits[mover];
  const margin = settings.marginMs;
  switch (limit.kind) {
    case 'nodes':
      return { goArgs: `nodes ${limit.nodes}`, limitMs: settings.noClockMs };
    case 'depth':
      return { goArgs: `depth ${limit.depth}`, limitMs: settings.noClockMs };
    case 'movetime':
      return { goArgs: `movetime ${limit.ms}`, limitMs: limit.ms + margin };
    case 'tc': {
      const [w, b] = settings.limits;
      const ms = (i: number) => Math.max(1, Math.round(clocks[i]));
      const inc = (l: Limit) => (l.kind === 'tc' ? l.incMs : 0);
      let args = `wtime ${ms(0)} btime ${ms(1)} winc ${inc(w)} binc ${inc(b)}`;
      if (limit.moves > 0) args += ` movestogo ${limit.moves - (made % limit.moves)}`;
      return { goArgs: args, limitMs: clocks[mover] + margin };
    }
  }
}

/** Counts consecutive qualifying moves for draw and resign adjudication. */
class AdjudicationState {
  private drawRun = 0;
  private resignRun = { w: 0, b: 0 };

  constructor(private readonly a: Adjudication) {}

  update(
    side: 'w' | 'b',
    score: number | undefined,
    moveNumber: number,
  ): { result: GameResult; reason: string } | null {
    const { draw, resign } = this.a;
    if (draw) {
      if (score !== undefined && moveNumber >= draw.moveNumber && Math.abs(score) <= draw.score) this.drawRun++;
      else this.drawRun = 0;
      if (this.drawRun >= 2 * draw.moveCount) return { result: '1/2-1/2', reason: 'adjudication: draw by score' };
    }
    if (resign) {
      // A run for "white is winning": white scores >= bound and black scores <= -bound.
      const white = score === undefined ? undefined : side === 'w' ? score : -score;
      for (const k of ['w', 'b'] as const) {
        const ahead = white !== undefined && (k === 'w' ? white >= resign.score : white <= -resign.score);
        this.resignRun[k] = ahead ? this.resignRun[k] + 1 : 0;
        if (this.resignRun[k] >= 2 * resign.moveCount) {
          return {
            result: k === 'w' ? '1-0' : '0-1',
            reason: `adjudication: ${k === 'w' ? 'Black' : 'White'} resigns`,
          };
        }
      }
    }
    return null;
  }
}
