/**
 * The fixed positions of `bench`: openings, middlegames (quiet, tactical, attacks on
 * the king), endgames of every kind, castling rights, en passant, promotions, checks
 * and a mate. Drawn from the start position, the Chess Programming Wiki's perft
 * positions, Bratko-Kopec, Win At Chess and STS (public test suites), and simple
 * endgames. Changing this list changes the bench signature.
 */
export const BENCH_POSITIONS: readonly string[] = [
  // Openings and early middlegames.
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
  'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3',
  'rnbqkb1r/ppp1pppp/5n2/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 1 3',
  'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5',
  'r2qkb1r/pppb2pp/2np1n2/5pN1/2BQP3/2N5/PPP2PPP/R1B1K2R w KQkq - 0 8',
  // Middlegames (the CPW perft positions, Bratko-Kopec, Win At Chess, STS).
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1',
  '2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1',
  'r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1',
  '1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1',
  '2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1',
  '2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1',
  'r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1',
  'r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1',
  '3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1',
  'r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1',
  '5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1',
  'r2q3r/ppp2k2/4nbp1/5Q1p/2P1NB2/8/PP3P1P/3RR1K1 w - - 0 1',
  '6rk/1pp2Qrp/3p1B2/1pb1p2R/3n1q2/3P4/PPP3PP/R6K w - - 0 1',
  'r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1',
  'k5r1/p4b2/2P5/5p2/3P1P2/4QBrq/P5P1/4R1K1 w - - 0 1',
  '1qr1k2r/1p2bp2/pBn1p3/P2pPbpp/5P2/2P1QBPP/1P1N3R/R4K2 b k - 0 1',
  '3q2k1/5rpp/r1pPp3/1bQn4/p2B4/4P1P1/1P1R2BP/R5K1 w - - 0 1',
  'r1b1k2r/2q1pp2/1p5p/p1pPp1p1/2P5/3B3P/PP2QPP1/4RRK1 w kq - 0 1',
  'r3rn1k/1q2b1p1/pp1p1n1p/4pQ2/P3P3/1NN1BR2/1PP3PP/5R1K b - - 0 1',
  'r2q1rk1/4bppp/3pb3/2n1pP2/1p2P1PP/1P3Q2/1BP1N1B1/2KR3R b - - 0 1',
  // Endgames: rooks, minor pieces, queens, pawns, promotions.
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  '1R3bk1/7p/6p1/8/1pN3P1/8/r4P1P/6K1 b - - 0 1',
  '2r5/4k1p1/4p2p/1pnbPp2/3B4/2P5/1PB3PP/5R1K b - - 0 1',
  '6k1/6p1/p7/3Pn3/5p2/4rBqP/P4RP1/5QK1 b - - 0 1',
  '8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1',
  '8/8/8/8/8/K7/P7/k7 b - - 0 1',
  '4k3/4p3/4K3/8/8/8/8/8 b - - 0 1',
  '8/5pk1/6p1/8/3PK3/8/8/8 w - - 0 1',
  '8/8/1p2k3/p1p5/P1P1K3/1P6/8/8 w - - 0 1',
  '8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1',
  'n1n5/1Pk5/8/8/8/8/5Kp1/5N1N b - - 0 1',
  '8/3k4/8/8/3KR3/8/8/8 w - - 0 1',
  '8/8/3k4/8/2B5/3NK3/8/8 w - - 0 1',
  '6k1/5p2/6p1/8/7p/8/6PP/5RK1 w - - 0 1',
  '4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1',
  '8/8/8/3q4/4Q3/2k5/8/6K1 w - - 0 1',
  '8/6k1/8/8/2r5/8/3RK1P1/8 w - - 0 1',
  // In check, and mates to find (back rank; a mate in 2 from the matetools set).
  'rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3',
  '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1',
  '2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1',
];

/** The default `bench` depth. */
export const BENCH_DEPTH = 9;
