/**
 * Offsets of the parameter table's terms (see spec.ts, which params.test.ts checks
 * these against). Import-free with literal values on purpose: esbuild inlines the
 * constants of such a module into the hot code (docs/DESIGN.md).
 */
export const MATERIAL = 0;
export const PSQ_PAWN = 5;
export const PSQ_KNIGHT = 69;
export const PSQ_BISHOP = 133;
export const PSQ_ROOK = 197;
export const PSQ_QUEEN = 261;
export const PSQ_KING = 325;
export const TEMPO = 389;
export const PAWN_DOUBLED = 390;
export const PAWN_ISOLATED = 391;
export const PAWN_BACKWARD = 392;
export const PAWN_PHALANX = 393;
export const PAWN_SUPPORTED = 401;
export const PASSED_RANK = 409;
export const PASSED_FREE = 417;
export const PASSED_BLOCKED = 425;
export const PASSED_DEFENDED = 426;
export const PASSED_OWN_KING = 427;
export const PASSED_ENEMY_KING = 435;
export const PASSED_UNSTOPPABLE = 443;
export const MOBILITY_KNIGHT = 444;
export const MOBILITY_BISHOP = 453;
export const MOBILITY_ROOK = 467;
export const MOBILITY_QUEEN = 482;
export const OUTPOST_KNIGHT = 510;
export const OUTPOST_BISHOP = 511;
export const BISHOP_PAIR = 512;
export const BISHOP_PAWNS_SAME_COLOR = 513;
export const BISHOP_LONG_DIAGONAL = 514;
export const BISHOP_RAMMED_PAWNS = 515;
export const MINOR_BEHIND_PAWN = 516;
export const MINOR_KING_DISTANCE = 517;
export const ROOK_OPEN_FILE = 519;
export const ROOK_SEMI_OPEN_FILE = 520;
export const ROOK_SEVENTH = 521;
export const QUEEN_SEVENTH = 522;
export const ROOK_TRAPPED = 523;
export const ROOK_QUEEN_FILE = 524;
export const KING_SHELTER = 525;
export const KING_STORM = 557;
export const KING_OPEN_FILE = 589;
export const KING_SEMI_OPEN_FILE = 590;
export const KING_PAWN_DISTANCE = 591;
export const KS_ATTACKER = 599;
export const KS_ZONE_ATTACKS = 603;
export const KS_WEAK_SQUARES = 604;
export const KS_SAFE_CHECK = 605;
export const KS_NO_QUEEN = 609;
export const KS_OFFSET = 610;
export const THREAT_BY_PAWN = 611;
export const THREAT_BY_MINOR = 615;
export const THREAT_BY_ROOK = 620;
export const THREAT_HANGING = 625;
export const THREAT_PAWN_PUSH = 626;
export const THREAT_BY_KING = 627;
export const THREAT_RESTRICTED = 628;
/** Number of (mg, eg) weights. */
export const N_PARAMS = 629;
