/** Number of legal moves (first version: generate and count). */
import type { Position } from '@tempo/position';
import { generate } from './gen';

const buf = new Int32Array(256);
export function countLegal(pos: Position): number {
  return generate(pos, buf, 0, true, true);
}
