/**
 * The non-linear steps shared by evaluate and the trace's rebuild: the phase
 * blend with the endgame scale factor, the king-safety transform and the
 * fifty-move fade. All divisions truncate towards 0, so they are symmetric in sign.
 */
import { egScore, makeScore, mgScore } from '@tempo-chess/position';
import { PHASE_MAX } from './psq-table';

/** Scores stay strictly inside this bound; the search's mate scores lie beyond it. */
export const EVAL_LIMIT = 19_999;
/** The scale factor of a normal ending (the eg half is multiplied by sf / SCALE_NORMAL). */
export const SCALE_NORMAL = 64;
/** King-safety units beyond which the transform stops growing (keeps the result well inside int16). */
export const KS_MAX_UNITS = 1500;

/** The taper: mg and eg blended by phase (clamped to PHASE_MAX), eg scaled by sf / 64; truncates towards 0. */
export function blend(mg: number, eg: number, phase: number, sf: number): number {
  const p = phase > PHASE_MAX ? PHASE_MAX : phase;
  return ((mg * p * SCALE_NORMAL + eg * (PHASE_MAX - p) * sf) / (PHASE_MAX * SCALE_NORMAL)) | 0;
}

/**
 * The king-safety transform of one attacking side's packed unit sum: mg grows as
 * units^2 / 720, eg as units / 20, both only for positive units. Packed result.
 */
export function kingSafetyTransform(s: number): number {
  let mg = mgScore(s),
    eg = egScore(s);
  mg = mg <= 0 ? 0 : mg > KS_MAX_UNITS ? KS_MAX_UNITS : mg;
  eg = eg <= 0 ? 0 : eg > KS_MAX_UNITS ? KS_MAX_UNITS : eg;
  return makeScore(((mg * mg) / 720) | 0, (eg / 20) | 0);
}

/** The fifty-move fade: full score up to 20 plies without progress, then linearly to 0 at 100. */
export function fade(v: number, rule50: number): number {
  if (rule50 <= 20) return v;
  if (rule50 >= 100) return 0;
  return ((v * (100 - rule50)) / 80) | 0;
}
