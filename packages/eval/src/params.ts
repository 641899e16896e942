/**
 * The parameter table: every weight of the evaluation is an (mg, eg) pair with a
 * name and an index (spec.ts lists the terms, layout.ts their offsets). It reads
 * and writes as a flat vector and as JSON, so a tuner can own it.
 */
import { squareName } from '@tempo-chess/bitboard';
import { DEFAULT_TERMS } from './defaults';
import { N_PARAMS } from './layout';
import { PESTO_EG, PESTO_MATERIAL_EG, PESTO_MATERIAL_MG, PESTO_MG } from './pesto';
import { TERMS, TERM_OFFSET } from './spec';
import { TUNED_TERMS } from './tuned';

/** One evaluation's weights: `mg[i]`, `eg[i]` for parameter index i (0..N_PARAMS-1). */
export interface EvalParams {
  /** Middlegame weights by parameter index. */
  readonly mg: Int32Array;
  /** Endgame weights by parameter index. */
  readonly eg: Int32Array;
}

/** One weight of the table, for tuners and people. */
export interface ParamInfo {
  /** Index into EvalParams.mg / .eg and into the trace. */
  readonly index: number;
  /** `material[1]`, `psq.knight.e4`, `mobility.rook[7]`, `tempo`... */
  readonly name: string;
  /** The term it belongs to (spec.ts). */
  readonly term: string;
  /** Part of the king-safety sum (traced per side, before the non-linear transform). */
  readonly kingSafety: boolean;
}

/** Number of (mg, eg) weights in the table. */
export const PARAM_COUNT = N_PARAMS;

/** Every weight, in index order. */
export const PARAMS: readonly ParamInfo[] = (() => {
  const out: ParamInfo[] = [];
  for (const t of TERMS) {
    for (let i = 0; i < t.count; i++) {
      const name =
        t.count === 1 ? t.name : t.name.startsWith('psq.') ? `${t.name}.${squareName(i)}` : `${t.name}[${i}]`;
      out.push({ index: out.length, name, term: t.name, kingSafety: t.kingSafety === true });
    }
  }
  return out;
})();

/** The name of each weight by index. */
export const PARAM_NAMES: readonly string[] = PARAMS.map((p) => p.name);

const INT16_MIN = -32768,
  INT16_MAX = 32767;

function blank(): EvalParams {
  return { mg: new Int32Array(N_PARAMS), eg: new Int32Array(N_PARAMS) };
}

/** PeSTO's material and tables into the table (a8-first rows to a1 = 0). */
function setPesto(p: EvalParams): void {
  for (let t = 0; t < 5; t++) {
    p.mg[TERM_OFFSET.material + t] = PESTO_MATERIAL_MG[t];
    p.eg[TERM_OFFSET.material + t] = PESTO_MATERIAL_EG[t];
  }
  const names = ['psq.pawn', 'psq.knight', 'psq.bishop', 'psq.rook', 'psq.queen', 'psq.king'];
  for (let t = 0; t < 6; t++) {
    const o = TERM_OFFSET[names[t]];
    for (let sq = 0; sq < 64; sq++) {
      p.mg[o + sq] = PESTO_MG[t][sq ^ 56];
      p.eg[o + sq] = PESTO_EG[t][sq ^ 56];
    }
  }
}

/** Sets the terms `terms` names (each with its full count) into p. */
function setTerms(
  p: EvalParams,
  terms: Readonly<Record<string, readonly (readonly [number, number])[]>>,
  source: string,
): void {
  for (const t of TERMS) {
    const v = terms[t.name];
    if (v === undefined) continue;
    if (v.length !== t.count) throw new Error(`${source}: ${t.name} has ${v.length} values, expected ${t.count}`);
    for (let i = 0; i < t.count; i++) {
      p.mg[TERM_OFFSET[t.name] + i] = v[i][0];
      p.eg[TERM_OFFSET[t.name] + i] = v[i][1];
    }
  }
}

function build(withTerms: boolean): EvalParams {
  const p = blank();
  setPesto(p);
  if (withTerms) setTerms(p, DEFAULT_TERMS, 'defaults');
  return p;
}

function tuned(): EvalParams {
  const p = blank();
  for (const t of TERMS) if (TUNED_TERMS[t.name] === undefined) throw new Error(`tuned: ${t.name} is missing`);
  setTerms(p, TUNED_TERMS, 'tuned');
  return p;
}

/** The default table: the tuned weights (tuned.ts), fitted from the hand-set start on Tempo's own games. */
export const DEFAULT_PARAMS: EvalParams = tuned();

/** The names presetParams takes. */
export const PRESET_NAMES = ['default', 'handset', 'pesto-only'] as const;
/** A preset's name. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** Whether name is one of PRESET_NAMES. */
export function isPresetName(name: string): name is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(name);
}

/**
 * Named presets: `default` (tuned), `handset` (PeSTO's material and tables, every other
 * term at its hand-set value of defaults.ts: the tuner's start), or `pesto-only`
 * (PeSTO's material and tables, every other weight zero).
 */
export function presetParams(name: PresetName): EvalParams {
  if (name === 'default') return copyParams(DEFAULT_PARAMS);
  if (name === 'handset') return build(true);
  if (name === 'pesto-only') return build(false);
  throw new Error(`unknown eval preset "${String(name)}" (use ${PRESET_NAMES.map((n) => `"${n}"`).join(', ')})`);
}

/** A deep copy. */
export function copyParams(p: EvalParams): EvalParams {
  return { mg: Int32Array.from(p.mg), eg: Int32Array.from(p.eg) };
}

/** The table as a flat vector: mg and eg of index i at 2i and 2i + 1. */
export function paramsToVector(p: EvalParams): number[] {
  const v: number[] = new Array(2 * N_PARAMS);
  for (let i = 0; i < N_PARAMS; i++) {
    v[2 * i] = p.mg[i];
    v[2 * i + 1] = p.eg[i];
  }
  return v;
}

function checkValue(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < INT16_MIN || v > INT16_MAX)
    throw new Error(`eval params: ${where} is ${JSON.stringify(v)}, expected an integer in [-32768, 32767]`);
  return v;
}

/** A table from a flat vector (see paramsToVector); throws an Error on a wrong length or value. */
export function paramsFromVector(v: ArrayLike<number>): EvalParams {
  if (v.length !== 2 * N_PARAMS)
    throw new Error(`eval params: vector has ${v.length} values, expected ${2 * N_PARAMS}`);
  const p = blank();
  for (let i = 0; i < N_PARAMS; i++) {
    p.mg[i] = checkValue(v[2 * i], `${PARAM_NAMES[i]} (mg)`);
    p.eg[i] = checkValue(v[2 * i + 1], `${PARAM_NAMES[i]} (eg)`);
  }
  return p;
}

/**
 * JSON text of the table: `{ "format": "tempo-eval-params", "version": 1, "terms":
 * { "<term>": [[mg, eg], ...] } }`, one line per term.
 */
export function paramsToJson(p: EvalParams): string {
  const lines = TERMS.map((t) => {
    const o = TERM_OFFSET[t.name];
    const pairs: string[] = [];
    for (let i = 0; i < t.count; i++) pairs.push(`[${p.mg[o + i]},${p.eg[o + i]}]`);
    return `    ${JSON.stringify(t.name)}: [${pairs.join(',')}]`;
  });
  return `{\n  "format": "tempo-eval-params",\n  "version": 1,\n  "terms": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/**
 * Terms that files written by earlier versions hold and this one no longer has: read
 * and ignored. `mopup.*`: a lone king against mating material is scored by a rule
 * (kxkScore), not by weights.
 */
const RETIRED_TERMS: ReadonlySet<string> = new Set(['mopup.edge', 'mopup.kings', 'mopup.corner']);

/**
 * Parses paramsToJson's format; every term must be present with the right count (retired
 * terms are ignored). Throws an Error naming the problem.
 */
export function paramsFromJson(text: string): EvalParams {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`eval params: not valid JSON (${(e as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null) throw new Error('eval params: expected a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.format !== 'tempo-eval-params')
    throw new Error(`eval params: "format" must be "tempo-eval-params", got ${JSON.stringify(d.format)}`);
  if (d.version !== 1) throw new Error(`eval params: unsupported version ${JSON.stringify(d.version)} (expected 1)`);
  const terms = d.terms;
  if (typeof terms !== 'object' || terms === null || Array.isArray(terms))
    throw new Error('eval params: "terms" must be an object');
  const tr = terms as Record<string, unknown>;
  for (const k of Object.keys(tr))
    if ((TERM_OFFSET[k] === undefined || k === '#') && !RETIRED_TERMS.has(k))
      throw new Error(`eval params: unknown term "${k}"`);
  const p = blank();
  for (const t of TERMS) {
    const v = tr[t.name];
    if (!Array.isArray(v)) throw new Error(`eval params: term "${t.name}" is missing or not an array`);
    if (v.length !== t.count)
      throw new Error(`eval params: term "${t.name}" has ${v.length} pairs, expected ${t.count}`);
    const o = TERM_OFFSET[t.name];
    for (let i = 0; i < t.count; i++) {
      const pr = v[i] as unknown;
      if (!Array.isArray(pr) || pr.length !== 2)
        throw new Error(`eval params: ${PARAM_NAMES[o + i]} must be an [mg, eg] pair`);
      p.mg[o + i] = checkValue(pr[0], `${PARAM_NAMES[o + i]} (mg)`);
      p.eg[o + i] = checkValue(pr[1], `${PARAM_NAMES[o + i]} (eg)`);
    }
  }
  return p;
}
