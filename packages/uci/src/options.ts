/**
 * The UCI options: their `uci` lines and value checks. Import-free of the engine, so
 * the main thread answers `uci` and rejects a bad `setoption` before the tables load.
 *
 * A build is either the normal one, whose `uci` lists only the options a person sets,
 * or the tuning build (`__TUNE__` true: `make TUNE=1`, tsup with TEMPO_TUNE=1), which
 * also lists the hand-crafted evaluation's weights (EvalPreset, EvalParams) and the
 * search's tunables and switches, as Stockfish's TUNE builds do. The search's tunables
 * come from the build (see tsup.config.ts).
 */
import { DEFAULT_NET_NAME } from '@tempo-chess/nnue';
import type { Parsed } from './protocol';

/** One search tunable or feature switch as the build read it from SEARCH_PARAMS. */
export interface SearchParamFact {
  /** The parameter's name, also its UCI option's name. */
  name: string;
  /** Its default value. */
  value: number;
  /** The smallest value `setoption` accepts. */
  min: number;
  /** The largest value `setoption` accepts. */
  max: number;
  /** SPSA's step of a numeric tunable; a switch has none. */
  step?: number;
}

declare const __SEARCH_PARAMS__: SearchParamFact[];
declare const __TUNE__: boolean;

/** The search's tunables (empty when run from source, as in unit tests). */
export const SEARCH_PARAM_FACTS: readonly SearchParamFact[] =
  typeof __SEARCH_PARAMS__ !== 'undefined' ? __SEARCH_PARAMS__ : [];

/** Whether this is the tuning build (false when run from source and in the library's own bundle). */
export const TUNING_BUILD: boolean = typeof __TUNE__ !== 'undefined' ? __TUNE__ : false;

/** One UCI option as `uci` lists it, by its UCI type. */
export type OptionDef =
  | {
      /** The option's name as `uci` lists it (`setoption` matches it case-insensitively). */
      name: string;
      /** An integer option. */
      type: 'spin';
      /** The value before any `setoption`. */
      default: number;
      /** The smallest value accepted. */
      min: number;
      /** The largest value accepted. */
      max: number;
      /** True for the search's tunables (SEARCH_PARAMS), which go to Searcher.setOption. */
      search?: boolean;
    }
  | {
      /** The option's name as `uci` lists it. */
      name: string;
      /** A true/false option. */
      type: 'check';
      /** The value before any `setoption`. */
      default: boolean;
    }
  | {
      /** The option's name as `uci` lists it. */
      name: string;
      /** An action without a value (Clear Hash). */
      type: 'button';
    }
  | {
      /** The option's name as `uci` lists it. */
      name: string;
      /** A free text option (a file name, a preset). */
      type: 'string';
      /** The value before any `setoption`. */
      default: string;
    }
  | {
      /** The option's name as `uci` lists it. */
      name: string;
      /** One of a fixed list of strings. */
      type: 'combo';
      /** The value before any `setoption`, one of `vars`. */
      default: string;
      /** The values accepted. */
      vars: readonly string[];
    };

/** An option and whether it exists only in the tuning build. */
type Row = OptionDef & { tuning?: boolean };

/** A checked `setoption` value: spin a number, check a boolean, string and combo a string, button null. */
export type OptionValue = number | boolean | string | null;

/**
 * Move Overhead: milliseconds kept back from every move on the clock for what the
 * search cannot see: the pipe, the GUI, and above all a busy machine that leaves a
 * thread unscheduled. The engine's own latency is small (go -> bestmove with one node
 * ~2 ms, stop -> bestmove ~1 ms); on these shared 2-core machines a sleeping Node
 * process under load ~10 wakes up to 30 ms late at the 99th percentile and 77 ms at
 * worst (15 s of 10 ms timers), hence 100. It costs ~1.5 ms of thinking a move at
 * 2+0.02. Stalls of several hundred ms under that load still lose games (README).
 */
export const DEFAULT_MOVE_OVERHEAD = 100;
/** The Hash option's default: the transposition table's size in MB. */
export const DEFAULT_HASH_MB = 16;
/** The Hash option's largest value, in MB. */
export const MAX_HASH_MB = 8192;
/** Threads beyond one are Lazy SMP helpers (see helpers.ts). */
export const MAX_THREADS = 64;
/**
 * UCI_Elo's range: @tempo-chess/search's SKILL_ELO_MIN and SKILL_ELO_MAX, written here so
 * that `uci` is answered without loading the search (a test keeps them equal).
 */
export const UCI_ELO_MIN = 800;
export const UCI_ELO_MAX = 2400;
export const DEFAULT_UCI_ELO = 1600;

/**
 * Whether the net evaluates by default: the embedded net (EvalFile's default, so no file is
 * needed) beats the hand-crafted evaluation by far (docs/STRENGTH.md, packages/nnue/nets/README.md).
 * `setoption name Use NNUE value false` plays the hand-crafted evaluation (EvalPreset/EvalParams
 * in the tuning build).
 */
export const USE_NNUE_DEFAULT = true;

/** Every option but the search's tunables, in the order `uci` lists them. */
const BASE_OPTIONS: Row[] = [
  { name: 'Hash', type: 'spin', default: DEFAULT_HASH_MB, min: 1, max: MAX_HASH_MB },
  { name: 'Threads', type: 'spin', default: 1, min: 1, max: MAX_THREADS },
  { name: 'MultiPV', type: 'spin', default: 1, min: 1, max: 256 },
  { name: 'Ponder', type: 'check', default: false },
  { name: 'Move Overhead', type: 'spin', default: DEFAULT_MOVE_OVERHEAD, min: 0, max: 5000 },
  { name: 'Clear Hash', type: 'button' },
  { name: 'UCI_Chess960', type: 'check', default: false },
  // Levels for people, named and typed as Stockfish declares them (strength.ts);
  // Skill Seed is Tempo's: 0 seeds the levels' draws from the clock.
  { name: 'UCI_LimitStrength', type: 'check', default: false },
  { name: 'UCI_Elo', type: 'spin', default: DEFAULT_UCI_ELO, min: UCI_ELO_MIN, max: UCI_ELO_MAX },
  { name: 'Skill Level', type: 'spin', default: 20, min: 0, max: 20 },
  { name: 'Skill Seed', type: 'spin', default: 0, min: 0, max: 2147483647 },
  // The evaluation: EvalFile names the net (a net file; its default is the embedded
  // net, as Stockfish's EvalFile defaults to its own), Use NNUE switches it off for the
  // hand-crafted evaluation, whose weights EvalPreset names (a built-in set) or
  // EvalParams gives (a preset name or a JSON parameter file that overrides the preset).
  { name: 'EvalFile', type: 'string', default: DEFAULT_NET_NAME },
  { name: 'Use NNUE', type: 'check', default: USE_NNUE_DEFAULT },
  // Win/draw/loss per mille beside every score (wdl.ts).
  { name: 'UCI_ShowWDL', type: 'check', default: false },
  { name: 'EvalPreset', type: 'combo', default: 'default', vars: ['default', 'handset', 'pesto-only'], tuning: true },
  { name: 'EvalParams', type: 'string', default: 'default', tuning: true },
];

/** Every option of either build, the search's tunables last (a tunable named like a base option is skipped). */
const ALL_OPTIONS: readonly Row[] = [
  ...BASE_OPTIONS,
  ...SEARCH_PARAM_FACTS.filter((p) => !BASE_OPTIONS.some((o) => o.name.toLowerCase() === p.name.toLowerCase())).map(
    (p): Row => ({ name: p.name, type: 'spin', default: p.value, min: p.min, max: p.max, search: true, tuning: true }),
  ),
];

/** The options a build lists: the normal build's, or with `tuning` every one. */
export function optionsOf(tuning: boolean): readonly OptionDef[] {
  return ALL_OPTIONS.filter((o) => tuning || !o.tuning);
}

/** This build's options, in the order `uci` lists them. */
export const OPTIONS: readonly OptionDef[] = optionsOf(TUNING_BUILD);

const BY_NAME = new Map(ALL_OPTIONS.map((o) => [o.name.toLowerCase(), o]));

/**
 * The one line a normal build answers a `setoption` of a tuning option with (it is
 * then ignored), or null for an option of this build or an unknown one.
 */
export function tuningOnly(name: string, tuning = TUNING_BUILD): string | null {
  const def = BY_NAME.get(name.trim().toLowerCase());
  if (tuning || !def?.tuning) return null;
  return `info string setoption: ${def.name} is an option of the tuning build only (make TUNE=1); ignored`;
}

/**
 * OpenBench's SPSA inputs for the search's numeric tunables (the switches have no
 * step and are left out), one a line: `NAME, int, VALUE, MIN, MAX, C_END, R_END`,
 * with the row's step as C_END and 0.002 as R_END, OpenBench's usual value.
 */
export function spsaInputs(facts: readonly SearchParamFact[] = SEARCH_PARAM_FACTS): string[] {
  return facts
    .filter((p) => p.step !== undefined)
    .map((p) => `${p.name}, int, ${p.value}, ${p.min}, ${p.max}, ${p.step}, 0.002`);
}

/** The `option name ...` line of the `uci` answer. */
export function optionLine(o: OptionDef): string {
  switch (o.type) {
    case 'spin':
      return `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`;
    case 'check':
      return `option name ${o.name} type check default ${o.default}`;
    case 'button':
      return `option name ${o.name} type button`;
    case 'string':
      return `option name ${o.name} type string default ${o.default}`;
    case 'combo':
      return `option name ${o.name} type combo default ${o.default}${o.vars.map((v) => ` var ${v}`).join('')}`;
  }
}

/** Checks a `setoption`: the option exists (names are case-insensitive) and the value fits its type. */
export function checkOption(
  name: string,
  value: string | null,
  tuning = TUNING_BUILD,
): Parsed<{
  /** The option's definition. */
  def: OptionDef;
  /** The value converted to the option's type. */
  value: OptionValue;
}> {
  const def = BY_NAME.get(name.toLowerCase());
  if (!def || (def.tuning && !tuning)) return { ok: false, error: `setoption: unknown option "${name}"` };
  switch (def.type) {
    case 'button':
      return { ok: true, value: { def, value: null } };
    case 'check': {
      const v = value?.toLowerCase();
      if (v !== 'true' && v !== 'false')
        return { ok: false, error: `setoption: ${def.name} takes true or false, got "${value ?? ''}"` };
      return { ok: true, value: { def, value: v === 'true' } };
    }
    case 'spin': {
      if (value === null || !/^[-+]?\d+$/.test(value.trim()))
        return {
          ok: false,
          error: `setoption: ${def.name} takes an integer from ${def.min} to ${def.max}, got "${value ?? ''}"`,
        };
      const v = Number(value);
      if (v < def.min || v > def.max)
        return { ok: false, error: `setoption: ${def.name} ${v} is out of range (${def.min} to ${def.max})` };
      return { ok: true, value: { def, value: v } };
    }
    case 'string':
      return { ok: true, value: { def, value: value ?? '' } };
    case 'combo': {
      const v = def.vars.find((x) => x.toLowerCase() === (value ?? '').toLowerCase());
      if (v === undefined)
        return { ok: false, error: `setoption: ${def.name} takes one of ${def.vars.join(', ')}, got "${value ?? ''}"` };
      return { ok: true, value: { def, value: v } };
    }
  }
}
