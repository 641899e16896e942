/**
 * The page's controller: one Game, the ply shown (the cursor), one Clock, one engine
 * client, two modes. In play mode the person moves one side and Tempo the other; in
 * analysis mode the person moves both and, while analysis is on, Tempo searches the
 * position shown with `go infinite`. The move list is the game's history: going to a
 * move shows its position, and in analysis mode a move there starts a new line that
 * replaces the rest.
 *
 * Every engine answer carries the `token` of the moment it was asked for: a new game,
 * a take back, a mode switch or going to another position bumps it, so a late answer is
 * dropped instead of played into (or drawn over) the wrong position. Lines are drawn only
 * when the FEN they were searched from is the FEN on the board.
 */
import { createEngine, type Analysis, type Engine, type InfoLine, type InfoScore } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { Board, type MovableSide } from './board';
import { chess960Fen, randomChess960 } from './chess960';
import { Clock, TIME_CONTROLS } from './clock';
import { whiteView } from './format';
import { Game } from './game';
import { STANDARD_START, exportPgn, loadGame } from './pgn';
import { OptionCache, engineName, pgnTimeControl, searchLimits, strengthOptions } from './settings';
import { STORAGE_KEY, loadSaved, saveGame } from './store';
import { Controls } from './controls';
import {
  $,
  AnalysisLines,
  graphPlyAt,
  renderClock,
  renderEval,
  renderGraph,
  renderLines,
  renderMoves,
  setStatus,
} from './view';

type Mode = 'play' | 'analyse';
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
/** The short search that gives the evaluation after the person's move in play mode. */
const EVAL_NODES = 20_000;
const ANALYSIS_KEY = 'tempo-web-analysis';

export class App {
  private readonly engine: Engine;
  private readonly options: OptionCache;
  private readonly board: Board;
  private readonly controls: Controls;
  private readonly lines = new AnalysisLines();
  /** The FEN the lines in `lines` were searched from. */
  private linesFen = '';
  private game = new Game();
  /** The ply shown on the board (0 = the start, game.ply = the last move). */
  private cursor = 0;
  /** Evaluations by ply, White's view: the engine's, or the analysis' best line. */
  private evals: (InfoScore | null)[] = [];
  private clock = new Clock(TIME_CONTROLS[0]!);
  /** Both clocks after each ply (index = ply), so a take back restores the times. */
  private times: Record<Color, number>[] = [];
  private human: Color = 'white';
  private names: Record<Color, string> = { white: 'You', black: 'Tempo' };
  private mode: Mode = 'play';
  private token = 0;
  private thinking = false;
  private analysis: Analysis | null = null;
  /** Analysis is on: Tempo searches whatever position is shown in analysis mode. */
  private analysing = false;
  private newGamePending = true;
  private lastSearch: Promise<unknown> = Promise.resolve();
  private drawQueued = false;

  constructor(makeWorker: () => Worker) {
    this.engine = createEngine(makeWorker);
    this.options = new OptionCache((name, value) => this.engine.setOption(name, value));
    this.board = new Board($('board'), (uci) => this.onPersonMove(uci));
    this.controls = new Controls({
      newGame: () => this.newGameFromSettings(),
      takeBack: () => this.takeBack(),
      resign: () => this.resign(),
      flip: () => this.flip(),
      mode: (m) => this.setMode(m),
      toggleAnalysis: () => this.toggleAnalysis(),
      multiPV: () => this.mode === 'analyse' && this.analysing && this.restartAnalysis(),
      strength: () => this.strengthChanged(),
      timeControl: () => this.timeControlChanged(),
      showEval: () => this.render(),
      go: (where) => this.goTo(this.plyFor(where)),
      typedMove: (text) => this.typedMove(text),
      load: (text) => this.load(text),
      copyPgn: () => this.copyPgn(),
      downloadPgn: () => this.downloadPgn(),
      restartEngine: () => this.restartEngine(),
    });
    $('moves').addEventListener('click', (e) => {
      const ply = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
      if (ply !== undefined) this.goTo(Number(ply));
    });
    const graph = $('graph') as unknown as SVGSVGElement;
    graph.addEventListener('click', (e) => this.goTo(graphPlyAt(graph, e.clientX, this.game.ply)));
    document.addEventListener('keydown', (e) => this.onKey(e));
    setInterval(() => this.tick(), 100);
    this.engine
      .ready()
      .then(() => {
        this.controls.engineReady(this.engine.options);
        if (!this.thinking && !this.game.end) setStatus($('status'), this.statusText());
      })
      .catch((e: Error) => this.engineFailed(e));
    this.analysing = readPreference(ANALYSIS_KEY) === 'on';
    if (!this.restore()) this.newGameFromSettings();
  }

  // ---- play ----

  private newGameFromSettings(): void {
    let start = STANDARD_START;
    let chess960 = false;
    try {
      const v = this.controls.variant();
      if (v.chess960) {
        chess960 = true;
        start = chess960Fen(v.number ?? randomChess960());
      }
    } catch (e) {
      return setStatus($('status'), (e as Error).message, 'error');
    }
    this.newGame(new Game(start, chess960));
    if (chess960)
      setStatus($('status'), `Chess960 start: ${start.split(' ')[0]!.split('/')[7]} · ${this.statusText()}`);
  }

  newGame(game: Game, loadedNames?: Partial<Record<Color, string>>, loaded = false): void {
    this.invalidate();
    const s = this.controls.playSettings();
    this.game = game;
    this.cursor = game.ply;
    this.evals = [];
    this.human = loaded && this.mode === 'play' ? this.game.turn : s.color;
    this.clock = new Clock(s.timeControl);
    this.times = [];
    this.newGamePending = true;
    this.names =
      this.mode === 'play'
        ? this.playNames()
        : { white: loadedNames?.white ?? 'White', black: loadedNames?.black ?? 'Black' };
    this.board.setOrientation(this.mode === 'play' ? this.human : 'white');
    this.afterPositionChange(true);
  }

  private playNames(): Record<Color, string> {
    return { [this.human]: 'You', [other(this.human)]: engineName(this.controls.strength()) } as Record<Color, string>;
  }

  /** Play mode: the game has started once a move is on the board or a clock runs. */
  private get started(): boolean {
    return this.game.ply > 0 || this.clock.runningColor !== null;
  }

  private strengthChanged(): void {
    if (this.mode === 'play' && !this.game.end) this.names[other(this.human)] = engineName(this.controls.strength());
    this.render();
    this.save();
  }

  /** A new time control replaces the clock at once while the game has not started. */
  private timeControlChanged(): void {
    if (this.mode === 'play' && !this.started && !this.game.end) {
      this.clock = new Clock(this.controls.timeControl());
      this.times = [];
    }
    this.render();
    this.save();
  }

  private onPersonMove(uci: string): void {
    if (this.mode === 'play') {
      if (this.thinking || this.game.turn !== this.human || this.cursor !== this.game.ply) return this.render();
      try {
        this.game.play(uci);
      } catch (e) {
        setStatus($('status'), (e as Error).message, 'error');
        return this.render();
      }
      this.cursor = this.game.ply;
      return this.afterPositionChange(false);
    }
    // analysis: the move is played in the position shown; a different move starts a new line
    const view = this.game.at(this.cursor);
    const c = view.check(uci);
    if (!c.ok) {
      setStatus($('status'), `Illegal move: ${c.reason}`, 'error');
      return this.render();
    }
    if (this.game.moves[this.cursor]?.uci !== c.uci) {
      this.game.truncate(this.cursor);
      this.evals.length = Math.min(this.evals.length, this.cursor + 1);
      this.game.play(c.uci);
    }
    this.cursor++;
    this.afterPositionChange(false);
  }

  private typedMove(text: string): void {
    const box = $('move-input') as HTMLInputElement;
    let uci: string;
    try {
      uci = this.game.at(this.cursor).parseTyped(text);
    } catch (e) {
      setStatus($('status'), (e as Error).message, 'error');
      return;
    }
    if (this.mode === 'play' && (this.thinking || this.game.turn !== this.human || this.cursor !== this.game.ply)) {
      setStatus($('status'), this.cursor !== this.game.ply ? 'Go to the last move to play' : 'Wait for your turn');
      return;
    }
    box.value = '';
    this.onPersonMove(uci);
  }

  /** After any move or a new position: clocks, the end, and whose turn it is next. */
  private afterPositionChange(fresh: boolean): void {
    if (this.mode === 'play') {
      if (!fresh && !this.clock.press()) {
        this.game.undo(); // the move came after the mover's flag fell: it does not count
        this.cursor = this.game.ply;
        this.game.flag(this.game.turn);
      } else if (
        !this.game.end &&
        !this.clock.runningColor &&
        (!fresh || this.game.ply > 0 || this.game.turn !== this.human)
      ) {
        this.clock.start(this.game.turn); // the person's clock waits for their first move of a new game
      }
      this.times[this.game.ply] = { white: this.clock.remaining('white'), black: this.clock.remaining('black') };
    }
    this.save();
    if (this.game.end && this.mode === 'play') return this.finish();
    this.positionShown();
    if (this.mode === 'play' && !this.game.end && this.game.turn !== this.human) void this.engineMove(!fresh);
  }

  /** The board shows another position: old lines go, and analysis (when on) follows. */
  private positionShown(): void {
    this.lines.clear();
    this.linesFen = '';
    if (this.mode === 'analyse' && this.analysing) this.restartAnalysis();
    else this.render();
  }

  private async engineMove(afterPersonMove: boolean): Promise<void> {
    const token = ++this.token;
    this.thinking = true;
    this.render();
    try {
      await this.lastSearch;
      if (token !== this.token) return;
      const ply = this.game.ply;
      const turn = this.game.turn;
      if (afterPersonMove && this.controls.showEval() && !this.evals[ply]) {
        this.prepareSearch(true);
        const quick = this.engine.bestMove(this.game.startFen, { nodes: EVAL_NODES }, this.game.uciMoves);
        this.lastSearch = quick.catch(() => undefined);
        const score = lastScore(await quick);
        if (token !== this.token) return;
        if (score) this.evals[ply] = whiteView(score, turn);
        this.render();
      }
      this.prepareSearch(false);
      const search = this.engine.bestMove(
        this.game.startFen,
        searchLimits(this.clock, this.controls.movetime()),
        this.game.uciMoves,
      );
      this.lastSearch = search.catch(() => undefined);
      const result = await search;
      if (token !== this.token) return;
      this.thinking = false;
      const check = this.game.check(result.bestmove);
      if (!check.ok) {
        this.clock.stop();
        this.render();
        setStatus($('status'), `Tempo answered ${result.bestmove}, which was not played: ${check.reason}`, 'error');
        return;
      }
      this.game.play(check.uci);
      this.cursor = this.game.ply;
      const score = lastScore(result);
      // the score of the position searched is, by its best line, the score after the move played
      if (score) this.evals[this.game.ply] = whiteView(score, turn);
      this.afterPositionChange(false);
    } catch (e) {
      if (token !== this.token) return;
      this.thinking = false;
      this.engineFailed(e as Error);
    }
  }

  private prepareSearch(full: boolean): void {
    if (this.newGamePending) {
      this.options.apply([['UCI_Chess960', this.game.chess960]]);
      this.engine.send('ucinewgame');
      this.newGamePending = false;
    }
    const threads = this.controls.threads();
    this.options.apply([
      ['UCI_Chess960', this.game.chess960],
      ...strengthOptions(full ? { kind: 'full' } : this.controls.strength()),
      ...(threads ? ([['Threads', threads]] as [string, number][]) : []),
    ]);
  }

  takeBack(): void {
    if (this.game.ply === 0) return;
    this.invalidate();
    if (this.mode === 'analyse') {
      const to = Math.max(0, Math.min(this.cursor, this.game.ply) - 1);
      this.game.truncate(to);
      this.evals.length = Math.min(this.evals.length, to + 1);
      this.cursor = to;
      return this.afterPositionChange(true);
    }
    this.game.undo(this.game.turn === this.human && this.game.ply >= 2 ? 2 : 1);
    this.cursor = this.game.ply;
    this.evals.length = Math.min(this.evals.length, this.game.ply + 1);
    const t = this.times[this.game.ply];
    this.times.length = this.game.ply;
    this.clock.stop();
    if (t) {
      this.clock.set('white', t.white);
      this.clock.set('black', t.black);
    }
    this.afterPositionChange(true);
  }

  resign(): void {
    if (this.mode !== 'play' || this.game.end) return;
    this.game.resign(this.human);
    this.finish();
  }

  private finish(): void {
    this.invalidate();
    this.clock.stop();
    this.cursor = this.game.ply;
    this.save();
    this.render();
  }

  /** Drops pending engine answers and ends what the engine is doing for them. */
  private invalidate(): void {
    this.token++;
    if (this.thinking) {
      this.thinking = false;
      if (!this.engine.failure) this.engine.stop();
    }
    this.stopAnalysis();
  }

  private tick(): void {
    if (this.mode !== 'play' || this.game.end || !this.clock.timed) return;
    const flagged = this.clock.flagged();
    if (flagged) {
      this.game.flag(flagged);
      this.finish();
    } else this.renderClocks();
  }

  // ---- moving through the game ----

  private plyFor(where: 'start' | 'prev' | 'next' | 'end'): number {
    return where === 'start'
      ? 0
      : where === 'prev'
        ? this.cursor - 1
        : where === 'next'
          ? this.cursor + 1
          : this.game.ply;
  }

  /** Shows the position after `ply` moves (clamped to the game). */
  goTo(ply: number): void {
    const to = Math.max(0, Math.min(this.game.ply, Math.round(ply)));
    if (to === this.cursor) return;
    this.cursor = to;
    if (this.mode === 'analyse') {
      this.token++; // lines on their way belong to the position left behind
      this.stopAnalysis();
    }
    this.save();
    this.positionShown();
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    const where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'start', End: 'end' }[e.key] as
      'start' | 'prev' | 'next' | 'end' | undefined;
    if (!where) return;
    e.preventDefault();
    this.goTo(this.plyFor(where));
  }

  // ---- analysis ----

  private setMode(mode: Mode): void {
    if (mode === this.mode) return;
    this.invalidate();
    this.mode = mode;
    this.clock.stop();
    if (mode === 'play') {
      this.game.truncate(this.cursor); // play goes on from the position shown
      this.evals.length = Math.min(this.evals.length, this.cursor + 1);
      this.human = this.game.turn;
      this.names = this.playNames();
      this.clock = new Clock(this.controls.timeControl());
      this.times = [];
      this.board.setOrientation(this.human);
    } else {
      this.names = { white: 'White', black: 'Black' };
    }
    this.controls.showMode(mode);
    this.afterPositionChange(true);
  }

  private toggleAnalysis(): void {
    this.analysing = !this.analysing;
    writePreference(ANALYSIS_KEY, this.analysing ? 'on' : 'off');
    if (this.analysing) this.restartAnalysis();
    else {
      this.token++; // lines already on their way are not drawn: Stop freezes what is shown
      this.stopAnalysis();
      this.render();
    }
  }

  private restartAnalysis(): void {
    this.stopAnalysis();
    this.lines.clear();
    const view = this.game.at(this.cursor);
    const token = ++this.token;
    this.linesFen = view.fen;
    if (view.end) return this.render();
    const fen = view.fen;
    const turn = view.turn;
    const ply = this.cursor;
    const moves = view.uciMoves;
    void this.lastSearch.then(() => {
      if (token !== this.token) return;
      if (this.engine.failure) return this.engineFailed(this.engine.failure);
      this.prepareSearch(true);
      const multiPV = this.controls.multiPV();
      this.analysis = this.engine.analyse(this.game.startFen, {
        moves,
        multiPV,
        onInfo: (info) => {
          if (token !== this.token || !this.lines.add(info)) return;
          if (info.multipv === 1 && info.score && !info.bound) this.evals[ply] = whiteView(info.score, turn);
          this.drawAnalysisSoon(token, fen, turn, multiPV);
        },
      });
      this.lastSearch = this.analysis.done.catch((e: Error) => token === this.token && this.engineFailed(e));
    });
    this.render();
  }

  private stopAnalysis(): void {
    const a = this.analysis;
    this.analysis = null;
    if (a && !this.engine.failure) void a.stop();
  }

  private drawAnalysisSoon(token: number, fen: string, turn: Color, multiPV: number): void {
    if (this.drawQueued) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      if (token !== this.token || this.mode !== 'analyse' || fen !== this.game.fenAt(this.cursor)) return;
      renderLines($('analysis-lines'), $('analysis-stats'), this.lines.sorted(multiPV), fen, turn);
      this.renderEvaluation();
    });
  }

  // ---- engine failure, loading, PGN, storage ----

  private engineFailed(e: Error): void {
    this.clock.stop(); // nobody's time runs while the engine is down
    this.controls.showEngineError(e.message);
    this.render();
  }

  private restartEngine(): void {
    this.invalidate();
    this.engine.restart();
    this.options.reset();
    this.newGamePending = true;
    this.lastSearch = Promise.resolve();
    this.controls.showEngineError(null);
    this.engine
      .ready()
      .then(() => this.controls.engineReady(this.engine.options))
      .catch((err: Error) => this.engineFailed(err));
    this.afterPositionChange(true);
  }

  private load(text: string): void {
    try {
      const { game, white, black } = loadGame(text);
      this.newGame(game, { white, black }, true);
      setStatus($('status'), `Loaded: ${game.ply} moves, ${game.turn} to move`);
    } catch (e) {
      setStatus($('status'), (e as Error).message, 'error');
    }
  }

  private save(): void {
    const clock = this.mode === 'play' && this.clock.timed ? this.clock : null;
    const text = saveGame({
      game: this.game,
      cursor: this.cursor,
      mode: this.mode,
      human: this.human,
      names: this.names,
      clock: clock && { id: clock.control.id, white: clock.remaining('white'), black: clock.remaining('black') },
      evals: this.evals,
    });
    writePreference(STORAGE_KEY, text);
  }

  /** The game saved before a reload, if any; a broken one is reported and a new game starts. */
  private restore(): boolean {
    const text = readPreference(STORAGE_KEY);
    if (!text) return false;
    try {
      const s = loadSaved(text);
      this.mode = s.mode;
      this.controls.showMode(s.mode);
      this.game = s.game;
      this.cursor = s.cursor;
      this.evals = s.evals;
      this.human = s.human;
      this.names = s.names;
      if (s.clock) this.controls.setTimeControl(s.clock.id);
      this.clock = new Clock(s.clock ? this.controls.timeControl() : TIME_CONTROLS[0]!);
      if (s.clock) {
        this.clock.set('white', s.clock.white);
        this.clock.set('black', s.clock.black);
      }
      this.times = [];
      this.newGamePending = true;
      this.board.setOrientation(this.mode === 'play' ? this.human : 'white');
      this.afterPositionChange(true);
      return true;
    } catch (e) {
      writePreference(STORAGE_KEY, null);
      this.newGameFromSettings();
      setStatus($('status'), `The saved game could not be restored: ${(e as Error).message}`, 'error');
      return true;
    }
  }

  private pgn(): string {
    return exportPgn(this.game, {
      white: this.names.white,
      black: this.names.black,
      date: new Date(),
      timeControl: this.mode === 'play' ? pgnTimeControl(this.clock) : undefined,
    });
  }

  private copyPgn(): void {
    navigator.clipboard.writeText(this.pgn()).then(
      () => setStatus($('status'), 'PGN copied to the clipboard'),
      () => this.controls.showPgn(this.pgn()),
    );
  }

  private downloadPgn(): void {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([this.pgn()], { type: 'application/x-chess-pgn' }));
    a.download = `tempo-${new Date().toISOString().slice(0, 10)}.pgn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  private flip(): void {
    this.board.flip();
    this.render();
  }

  // ---- drawing ----

  private movable(view: Game): MovableSide {
    if (view.end) return 'none';
    if (this.mode === 'analyse') return 'both';
    if (this.cursor !== this.game.ply) return 'none';
    return this.thinking || this.game.turn !== this.human ? 'none' : this.human;
  }

  private statusText(): string {
    const view = this.game.at(this.cursor);
    const past = this.cursor < this.game.ply ? ` · move ${this.cursor} of ${this.game.ply}` : '';
    if (this.mode === 'analyse') {
      if (view.end) return view.end.text + past;
      return `${view.turn === 'white' ? 'White' : 'Black'} to move${past}${this.analysing ? ' · Tempo is analysing' : ''}`;
    }
    if (this.game.end) return this.game.end.text + past;
    if (past) return `Viewing${past}: the game goes on at the last move`;
    return this.thinking ? 'Tempo is thinking…' : 'Your move';
  }

  private get evalShown(): boolean {
    return this.mode === 'analyse' || this.controls.showEval();
  }

  private render(): void {
    const view = this.game.at(this.cursor);
    this.board.show(view, this.movable(view));
    $('board').dataset.fen = view.fen;
    renderMoves($('moves'), this.game, this.cursor);
    this.renderClocks();
    if (this.controls.hasEngineError() && !this.game.end)
      setStatus($('status'), 'The engine stopped: restart it to go on', 'error');
    else setStatus($('status'), this.statusText(), this.game.end && this.mode === 'play' ? 'end' : 'info');
    this.controls.update({
      mode: this.mode,
      analysing: this.analysing,
      canTakeBack: this.game.ply > 0,
      over: !!this.game.end,
      cursor: this.cursor,
      plies: this.game.ply,
      started: this.started,
    });
    if (this.mode === 'analyse' && (this.linesFen !== view.fen || !this.lines.byIndex.size))
      renderLines($('analysis-lines'), $('analysis-stats'), [], view.fen, view.turn);
    this.renderEvaluation();
  }

  private renderEvaluation(): void {
    const shown = this.evalShown;
    $('eval').classList.toggle('off', !shown);
    $('graph-box').hidden = !shown;
    if (!shown) return;
    const end = this.game.at(this.cursor).end;
    const mated = end?.termination === 'checkmate' ? end.winner : undefined;
    renderEval($('eval'), this.evals[this.cursor] ?? null, this.board.orientation, mated);
    renderGraph($('graph') as unknown as SVGSVGElement, this.evals, this.game.ply, this.cursor);
  }

  private renderClocks(): void {
    const bottom = this.board.orientation;
    const timed = this.mode === 'play' && this.clock.timed;
    for (const [id, color] of [
      ['clock-bottom', bottom],
      ['clock-top', other(bottom)],
    ] as const) {
      renderClock(
        $(id),
        this.names[color],
        timed ? this.clock.remaining(color) : null,
        this.mode === 'play' && this.clock.runningColor === color,
      );
    }
  }
}

/** The last score a search gave (its best line at the deepest depth reached). */
function lastScore(result: { info: InfoLine[] }): InfoScore | null {
  for (let i = result.info.length - 1; i >= 0; i--) {
    const info = result.info[i]!;
    if (info.score && info.multipv === 1 && !info.bound) return info.score;
  }
  return null;
}

function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode, a sandboxed frame): the page works without it
  }
}

function writePreference(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage refused or full: the game simply does not survive a reload
  }
}
