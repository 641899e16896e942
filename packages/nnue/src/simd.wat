;; The accumulator stack's kernels in WebAssembly SIMD (i16x8: eight int16 lanes an
;; instruction), assembled by scripts/build-simd.mjs into simd-bytes.ts; simd.ts drives it.
;; The script also assembles a variant whose imported memory is shared, the import line
;; below changed to (memory 1 65536 shared), for a shared net's memory (simd.ts).
;;
;; Everything is in the imported memory, addressed in bytes: the net's int16 weights
;; (feature-major rows of H) and the stack's accumulators (pairs of H int16, white's
;; perspective then black's). n is the bytes of one perspective, 2H: a multiple of 32
;; (H is a multiple of 16), so a loop may step two vectors of one perspective at a time.
;; i16x8.add and i16x8.sub wrap mod 2^16 as an Int16Array store does: the same bits as
;; update.ts's SWAR kernels.
(module
  (import "env" "memory" (memory 1))

  ;; A move, both perspectives: dst = src + row a - row s (white: a0, s0; black: a1, s1).
  (func (export "addSub") (param $src i32) (param $dst i32) (param $n i32)
        (param $a0 i32) (param $s0 i32) (param $a1 i32) (param $s1 i32)
    (local $i i32)
    (loop $next
      (v128.store (i32.add (local.get $dst) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load (i32.add (local.get $src) (local.get $i))) (v128.load (i32.add (local.get $a0) (local.get $i))))
          (v128.load (i32.add (local.get $s0) (local.get $i)))))
      (v128.store offset=16 (i32.add (local.get $dst) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load offset=16 (i32.add (local.get $src) (local.get $i))) (v128.load offset=16 (i32.add (local.get $a0) (local.get $i))))
          (v128.load offset=16 (i32.add (local.get $s0) (local.get $i)))))
      (v128.store (i32.add (i32.add (local.get $dst) (local.get $n)) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load (i32.add (i32.add (local.get $src) (local.get $n)) (local.get $i))) (v128.load (i32.add (local.get $a1) (local.get $i))))
          (v128.load (i32.add (local.get $s1) (local.get $i)))))
      (v128.store offset=16 (i32.add (i32.add (local.get $dst) (local.get $n)) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load offset=16 (i32.add (i32.add (local.get $src) (local.get $n)) (local.get $i))) (v128.load offset=16 (i32.add (local.get $a1) (local.get $i))))
          (v128.load offset=16 (i32.add (local.get $s1) (local.get $i)))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (local.get $n)))))

  ;; A capture, both perspectives: dst = src + row a - row s - row s2.
  (func (export "addSub2") (param $src i32) (param $dst i32) (param $n i32)
        (param $a0 i32) (param $s0 i32) (param $t0 i32) (param $a1 i32) (param $s1 i32) (param $t1 i32)
    (local $i i32) (local $src1 i32) (local $dst1 i32)
    (local.set $src1 (i32.add (local.get $src) (local.get $n)))
    (local.set $dst1 (i32.add (local.get $dst) (local.get $n)))
    (loop $next
      (v128.store (i32.add (local.get $dst) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load (i32.add (local.get $src) (local.get $i))) (v128.load (i32.add (local.get $a0) (local.get $i))))
          (i16x8.add (v128.load (i32.add (local.get $s0) (local.get $i))) (v128.load (i32.add (local.get $t0) (local.get $i))))))
      (v128.store (i32.add (local.get $dst1) (local.get $i))
        (i16x8.sub
          (i16x8.add (v128.load (i32.add (local.get $src1) (local.get $i))) (v128.load (i32.add (local.get $a1) (local.get $i))))
          (i16x8.add (v128.load (i32.add (local.get $s1) (local.get $i))) (v128.load (i32.add (local.get $t1) (local.get $i))))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $n)))))

  ;; Castling, both perspectives: dst = src + row a + row b - row s - row t.
  (func (export "add2Sub2") (param $src i32) (param $dst i32) (param $n i32)
        (param $a0 i32) (param $b0 i32) (param $s0 i32) (param $t0 i32)
        (param $a1 i32) (param $b1 i32) (param $s1 i32) (param $t1 i32)
    (local $i i32) (local $src1 i32) (local $dst1 i32)
    (local.set $src1 (i32.add (local.get $src) (local.get $n)))
    (local.set $dst1 (i32.add (local.get $dst) (local.get $n)))
    (loop $next
      (v128.store (i32.add (local.get $dst) (local.get $i))
        (i16x8.add
          (v128.load (i32.add (local.get $src) (local.get $i)))
          (i16x8.sub
            (i16x8.add (v128.load (i32.add (local.get $a0) (local.get $i))) (v128.load (i32.add (local.get $b0) (local.get $i))))
            (i16x8.add (v128.load (i32.add (local.get $s0) (local.get $i))) (v128.load (i32.add (local.get $t0) (local.get $i)))))))
      (v128.store (i32.add (local.get $dst1) (local.get $i))
        (i16x8.add
          (v128.load (i32.add (local.get $src1) (local.get $i)))
          (i16x8.sub
            (i16x8.add (v128.load (i32.add (local.get $a1) (local.get $i))) (v128.load (i32.add (local.get $b1) (local.get $i))))
            (i16x8.add (v128.load (i32.add (local.get $s1) (local.get $i))) (v128.load (i32.add (local.get $t1) (local.get $i)))))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $n)))))

  ;; n bytes from src to dst (a move that changed no feature: never in chess, kept for the contract).
  (func (export "copy") (param $src i32) (param $dst i32) (param $n i32)
    (local $i i32)
    (loop $next
      (v128.store (i32.add (local.get $dst) (local.get $i)) (v128.load (i32.add (local.get $src) (local.get $i))))
      (v128.store offset=16 (i32.add (local.get $dst) (local.get $i)) (v128.load offset=16 (i32.add (local.get $src) (local.get $i))))
      (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (local.get $n)))))

  ;; A refresh, both perspectives: dst[0..n) = bias + the count rows whose byte offsets
  ;; are the i32s at list[0..count), dst[n..2n) = bias + those at list[count..2 count).
  (func (export "refresh") (param $dst i32) (param $n i32) (param $bias i32) (param $list i32) (param $count i32)
    (local $p i32) (local $k i32) (local $i i32) (local $row i32) (local $at i32)
    (loop $perspective
      (local.set $at (i32.add (local.get $dst) (i32.mul (local.get $p) (local.get $n))))
      (local.set $i (i32.const 0))
      (loop $bias
        (v128.store (i32.add (local.get $at) (local.get $i)) (v128.load (i32.add (local.get $bias) (local.get $i))))
        (v128.store offset=16 (i32.add (local.get $at) (local.get $i)) (v128.load offset=16 (i32.add (local.get $bias) (local.get $i))))
        (br_if $bias (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (local.get $n))))
      (local.set $k (i32.const 0))
      (block $done
        (loop $rows
          (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
          (local.set $row (i32.load (i32.add (local.get $list)
            (i32.shl (i32.add (local.get $k) (i32.mul (local.get $p) (local.get $count))) (i32.const 2)))))
          (local.set $i (i32.const 0))
          (loop $add
            (v128.store (i32.add (local.get $at) (local.get $i))
              (i16x8.add (v128.load (i32.add (local.get $at) (local.get $i))) (v128.load (i32.add (local.get $row) (local.get $i)))))
            (v128.store offset=16 (i32.add (local.get $at) (local.get $i))
              (i16x8.add (v128.load offset=16 (i32.add (local.get $at) (local.get $i))) (v128.load offset=16 (i32.add (local.get $row) (local.get $i)))))
            (br_if $add (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (local.get $n))))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br $rows)))
      (br_if $perspective (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 1))) (i32.const 2)))))

  ;; The forward pass's sum (forward.ts's `forward`, exactly): for the side to move's
  ;; accumulator at us and the other's at them, sum = sum_j c_j * c_j * w_j with
  ;; c = clamp(acc, 0, QA = 255), returned as an f64 (exact: below 2^53); the caller
  ;; scales it with the same expression as the plain path (so even a -0 agrees).
  ;;
  ;; c * w may not fit int16 (output weights go to +-32767), so each weight is stored
  ;; split in two signed bytes' worth, w = 256 * wh + wl with wl in -128..127 and wh in
  ;; -128..128 (simd.ts, at load): the arrays at wl and wh (us's H, then them's H,
  ;; n bytes on). Then c * wl and c * wh fit int16 (|.| <= 255 * 128 = 32640, i16x8.mul
  ;; exact), and i32x4.dot_i16x8_s(c, c * wl) adds two products c * c * wl of at most
  ;; 8,323,200 each into an int32 lane. 64 such dots (32 steps, us and them) stay below
  ;; 2^31 (1,065,369,600), so the int32 sums are widened to int64 every 32 steps
  ;; (every step for H <= 256 is one block); sum = 256 * sum(wh part) + sum(wl part).
  (func (export "forward") (param $us i32) (param $them i32) (param $wl i32) (param $wh i32) (param $n i32) (result f64)
    (local $i i32) (local $end i32) (local $c v128) (local $sl v128) (local $sh v128)
    (local $tl v128) (local $th v128) (local $qa v128) (local $zero v128)
    (local.set $qa (i16x8.splat (i32.const 255)))
    (loop $block
      (local.set $end (i32.add (local.get $i) (i32.const 512)))
      (if (i32.gt_u (local.get $end) (local.get $n)) (then (local.set $end (local.get $n))))
      (local.set $sl (local.get $zero))
      (local.set $sh (local.get $zero))
      (loop $next
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load (i32.add (local.get $us) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $sl (i32x4.add (local.get $sl)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (local.get $wl) (local.get $i)))))))
        (local.set $sh (i32x4.add (local.get $sh)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (local.get $wh) (local.get $i)))))))
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load (i32.add (local.get $them) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $sl (i32x4.add (local.get $sl)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (i32.add (local.get $wl) (local.get $n)) (local.get $i)))))))
        (local.set $sh (i32x4.add (local.get $sh)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (i32.add (local.get $wh) (local.get $n)) (local.get $i)))))))
        (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (local.get $end))))
      (local.set $tl (i64x2.add (local.get $tl)
        (i64x2.add (i64x2.extend_low_i32x4_s (local.get $sl)) (i64x2.extend_high_i32x4_s (local.get $sl)))))
      (local.set $th (i64x2.add (local.get $th)
        (i64x2.add (i64x2.extend_low_i32x4_s (local.get $sh)) (i64x2.extend_high_i32x4_s (local.get $sh)))))
      (br_if $block (i32.lt_u (local.get $i) (local.get $n))))
    (f64.convert_i64_s
      (i64.add
        (i64.shl (i64.add (i64x2.extract_lane 0 (local.get $th)) (i64x2.extract_lane 1 (local.get $th))) (i64.const 8))
        (i64.add (i64x2.extract_lane 0 (local.get $tl)) (i64x2.extract_lane 1 (local.get $tl))))))

  ;; `forward` for a net whose output weights all fit a signed byte (-128..127, as the
  ;; trainer's output clip makes them: every wh above is 0), the same sum with half the
  ;; work: c * w fits int16 (|.| <= 255 * 128), so one dot a vector instead of two. A
  ;; block of 512 bytes puts 64 products of at most 255 * 255 * 128 in each int32 lane
  ;; (16 steps of two dots, us and them, into each of s and s2): below 2^31; the blocks'
  ;; sums are widened to int64. Two vectors a step of each perspective (n is a multiple of 32).
  (func (export "forwardNarrow") (param $us i32) (param $them i32) (param $w i32) (param $n i32) (result f64)
    (local $i i32) (local $end i32) (local $c v128) (local $s v128) (local $s2 v128)
    (local $t v128) (local $qa v128) (local $zero v128) (local $wt i32)
    (local.set $qa (i16x8.splat (i32.const 255)))
    (local.set $wt (i32.add (local.get $w) (local.get $n)))
    (loop $block
      (local.set $end (i32.add (local.get $i) (i32.const 512)))
      (if (i32.gt_u (local.get $end) (local.get $n)) (then (local.set $end (local.get $n))))
      (local.set $s (local.get $zero))
      (local.set $s2 (local.get $zero))
      (loop $next
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load (i32.add (local.get $us) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $s (i32x4.add (local.get $s)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (local.get $w) (local.get $i)))))))
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load offset=16 (i32.add (local.get $us) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $s2 (i32x4.add (local.get $s2)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load offset=16 (i32.add (local.get $w) (local.get $i)))))))
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load (i32.add (local.get $them) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $s (i32x4.add (local.get $s)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load (i32.add (local.get $wt) (local.get $i)))))))
        (local.set $c (i16x8.min_s (i16x8.max_s (v128.load offset=16 (i32.add (local.get $them) (local.get $i))) (local.get $zero)) (local.get $qa)))
        (local.set $s2 (i32x4.add (local.get $s2)
          (i32x4.dot_i16x8_s (local.get $c) (i16x8.mul (local.get $c) (v128.load offset=16 (i32.add (local.get $wt) (local.get $i)))))))
        (br_if $next (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (local.get $end))))
      (local.set $t (i64x2.add (local.get $t)
        (i64x2.add
          (i64x2.add (i64x2.extend_low_i32x4_s (local.get $s)) (i64x2.extend_high_i32x4_s (local.get $s)))
          (i64x2.add (i64x2.extend_low_i32x4_s (local.get $s2)) (i64x2.extend_high_i32x4_s (local.get $s2))))))
      (br_if $block (i32.lt_u (local.get $i) (local.get $n))))
    (f64.convert_i64_s (i64.add (i64x2.extract_lane 0 (local.get $t)) (i64x2.extract_lane 1 (local.get $t)))))
)
