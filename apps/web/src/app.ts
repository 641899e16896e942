/**
 * The page's controller: one Game, one Clock, one engine client, two modes. In play
 * mode the person moves one side and Tempo the other; in analysis mode the person moves
 * both and Tempo searches each position with `go infinite`. Every engine answer carries
 * the `token` of the moment it was asked for: a new game, a take back or a mode switch
 * bumps it, so a late answer is dropped instead of played into the wrong position.
 */
import { createEngine, type Analysis, type Engine } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { Board, type MovableSide } from './board';
import { Clock, TIME_CONTROLS } from './clock';
import { Game } from './game';
import { exportPgn, loadGame } from './pgn';
import { OptionCache, engineName, pgnTimeControl, searchLimits, strengthOptions } from './settings';
import { Controls } from './controls';
import { $, AnalysisLines, renderClock, renderEval, renderLines, renderMoves, setStatus } from './view';

type Mode = 'play' | 'analyse';
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export class App {
  private readonly engine: Engine;
  private readonly options: OptionCache;
  private readonly board: Board;
  private readonly controls: Controls;
  private readonly lines = new AnalysisLines();
  private game = new Game();
  private clock = new Clock(TIME_CONTROLS[0]!);
  /** Both clocks after each ply (index = ply), so a take back restores the times. */
  private times: Record<Color, number>[] = [];
  private human: Color = 'white';
  private names: Record<Color, string> = { white: 'You', black: 'Tempo' };
  private mode: Mode = 'play';
  private token = 0;
  private thinking = false;
  private analysis: Analysis | null = null;
  private analysing = false;
  private newGamePending = true;
  private lastSearch: Promise<unknown> = Promise.resolve();
  private drawQueued = false;

  constructor(makeWorker: () => Worker) {
    this.engine = createEngine(makeWorker);
    this.options = new OptionCache((name, value) => this.engine.setOption(name, value));
    this.board = new Board($('board'), (uci) => this.onPersonMove(uci));
    this.controls = new Controls({
      newGame: () => this.newGame(),
      takeBack: () => this.takeBack(),
      resign: () => this.resign(),
      flip: () => this.flip(),
      mode: (m) => this.setMode(m),
      toggleAnalysis: () => this.toggleAnalysis(),
      multiPV: () => this.analysing && this.restartAnalysis(),
      load: (text) => this.load(text),
      copyPgn: () => this.copyPgn(),
      downloadPgn: () => this.downloadPgn(),
      restartEngine: () => this.restartEngine(),
    });
    setInterval(() => this.tick(), 100);
    this.engine
      .ready()
      .then(() => {
        this.controls.engineReady(this.engine.options);
        if (!this.thinking && !this.game.end) setStatus($('status'), this.statusText());
      })
      .catch((e: Error) => this.engineFailed(e));
    this.newGame();
  }

  // ---- play ----

  newGame(loaded?: Game, loadedNames?: Partial<Record<Color, string>>): void {
    this.invalidate();
    const s = this.controls.playSettings();
    this.game = loaded ?? new Game();
    this.human = loaded && this.mode === 'play' ? this.game.turn : s.color;
    this.clock = new Clock(s.timeControl);
    this.times = [];
    this.newGamePending = true;
    const tempo = engineName(s.strength);
    this.names =
      this.mode === 'play'
        ? ({ [this.human]: 'You', [other(this.human)]: tempo } as Record<Color, string>)
        : { white: loadedNames?.white ?? 'White', black: loadedNames?.black ?? 'Black' };
    this.board.setOrientation(this.mode === 'play' ? this.human : 'white');
    this.afterPositionChange(true);
  }

  private onPersonMove(uci: string): void {
    if (this.mode === 'play' && (this.thinking || this.game.turn !== this.human)) return this.render();
    try {
      this.game.play(uci);
    } catch (e) {
      setStatus($('status'), (e as Error).message, 'error');
      return this.render();
    }
    this.afterPositionChange(false);
  }

  /** After any move or a new position: clocks, the end, and whose turn it is next. */
  private afterPositionChange(fresh: boolean): void {
    if (this.mode === 'play') {
      if (!fresh && !this.clock.press()) {
        this.game.undo(); // the move came after the mover's flag fell: it does not count
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
    if (this.game.end) return this.finish();
    this.render();
    if (this.mode === 'play' && this.game.turn !== this.human) void this.engineMove();
    if (this.mode === 'analyse' && this.analysing) this.restartAnalysis();
  }

  private async engineMove(): Promise<void> {
    const token = ++this.token;
    this.thinking = true;
    this.render();
    try {
      await this.lastSearch;
      if (token !== this.token) return;
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
      this.afterPositionChange(false);
    } catch (e) {
      if (token !== this.token) return;
      this.thinking = false;
      this.engineFailed(e as Error);
    }
  }

  private prepareSearch(analysis: boolean): void {
    if (this.newGamePending) {
      this.engine.send('ucinewgame');
      this.newGamePending = false;
    }
    const threads = this.controls.threads();
    this.options.apply([
      ...strengthOptions(analysis ? { kind: 'full' } : this.controls.playSettings().strength),
      ...(threads ? ([['Threads', threads]] as [string, number][]) : []),
    ]);
  }

  takeBack(): void {
    if (this.game.ply === 0) return;
    this.invalidate();
    if (this.mode === 'analyse') {
      this.game.undo(1);
      return this.afterPositionChange(true);
    }
    this.game.undo(this.game.turn === this.human && this.game.ply >= 2 ? 2 : 1);
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

  // ---- analysis ----

  private setMode(mode: Mode): void {
    if (mode === this.mode) return;
    this.invalidate();
    this.mode = mode;
    this.clock.stop();
    if (mode === 'play') {
      this.human = this.game.turn;
      this.names = {
        [this.human]: 'You',
        [other(this.human)]: engineName(this.controls.playSettings().strength),
      } as Record<Color, string>;
      this.clock = new Clock(this.controls.playSettings().timeControl);
      this.times = [];
      this.board.setOrientation(this.human);
      this.analysing = false;
    } else {
      this.analysing = true;
      this.names = { white: 'White', black: 'Black' };
    }
    this.controls.showMode(mode);
    this.afterPositionChange(true);
  }

  private toggleAnalysis(): void {
    this.analysing = !this.analysing;
    if (this.analysing) this.restartAnalysis();
    else {
      this.token++; // lines already on their way are not drawn: Stop freezes what is shown
      this.stopAnalysis();
    }
    this.render();
  }

  private restartAnalysis(): void {
    this.stopAnalysis();
    this.lines.clear();
    if (this.game.end) return this.render();
    const token = ++this.token;
    const fen = this.game.fen;
    const turn = this.game.turn;
    void this.lastSearch.then(() => {
      if (token !== this.token) return;
      if (this.engine.failure) return this.engineFailed(this.engine.failure);
      this.prepareSearch(true);
      const multiPV = this.controls.multiPV();
      this.analysis = this.engine.analyse(this.game.startFen, {
        moves: this.game.uciMoves,
        multiPV,
        onInfo: (info) => {
          if (token === this.token && this.lines.add(info)) this.drawAnalysisSoon(fen, turn, multiPV);
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

  private drawAnalysisSoon(fen: string, turn: Color, multiPV: number): void {
    if (this.drawQueued) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      if (this.mode !== 'analyse' || fen !== this.game.fen) return;
      const lines = this.lines.sorted(multiPV);
      renderLines($('analysis-lines'), $('analysis-stats'), lines, fen, turn);
      renderEval($('eval-bar'), lines[0] ?? null, turn, this.board.orientation);
    });
  }

  // ---- engine failure, loading, PGN ----

  private engineFailed(e: Error): void {
    this.analysing = false;
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
    if (this.mode === 'analyse') this.analysing = true;
    this.afterPositionChange(true);
  }

  private load(text: string): void {
    try {
      const { game, white, black } = loadGame(text);
      this.newGame(game, { white, black });
      setStatus($('status'), `Loaded: ${game.ply} moves, ${game.turn} to move`);
    } catch (e) {
      setStatus($('status'), (e as Error).message, 'error');
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

  private movable(): MovableSide {
    if (this.game.end) return 'none';
    if (this.mode === 'analyse') return 'both';
    return this.thinking || this.game.turn !== this.human ? 'none' : this.human;
  }

  private statusText(): string {
    if (this.game.end) return this.game.end.text;
    if (this.mode === 'analyse')
      return `${this.game.turn === 'white' ? 'White' : 'Black'} to move${this.analysing ? ' · Tempo is analysing' : ''}`;
    return this.thinking ? 'Tempo is thinking…' : 'Your move';
  }

  private render(): void {
    this.board.show(this.game, this.movable());
    renderMoves($('moves'), this.game);
    this.renderClocks();
    if (this.controls.hasEngineError() && !this.game.end)
      setStatus($('status'), 'The engine stopped: restart it to go on', 'error');
    else setStatus($('status'), this.statusText(), this.game.end ? 'end' : 'info');
    this.controls.update({
      mode: this.mode,
      analysing: this.analysing,
      canTakeBack: this.game.ply > 0,
      over: !!this.game.end,
    });
    if (this.mode === 'analyse' && !this.lines.byIndex.size) {
      renderLines($('analysis-lines'), $('analysis-stats'), [], this.game.fen, this.game.turn);
      renderEval($('eval-bar'), null, this.game.turn, this.board.orientation);
    }
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
