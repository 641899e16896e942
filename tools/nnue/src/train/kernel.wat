;; The trainer's hot loops in WebAssembly SIMD (f32x4), over the trainer's shared arena
;; (tools/nnue/src/train/tasks.ts). Assembled by scripts/build-wasm.mjs (wabt) into
;; kernel-wasm.ts; kernel-simd.ts calls these and is tested against the plain
;; TypeScript of kernel.ts. Every pointer is a byte offset into the arena; H (hidden) is
;; a multiple of 16, so a row is a whole number of 64-byte blocks of four vectors.
;; Features: side 0's list at $feats, side 1's at $feats + 128 (32 int32 each).
(module
  (import "env" "memory" (memory 1 65536 shared))

  ;; acc_side[j] = bias[j] + sum over the side's n features f of params[f * H + j],
  ;; added in feature order (as kernel.ts does), 16 floats at a time held in registers.
  (func (export "accumulate")
    (param $params i32) (param $bias i32) (param $feats i32) (param $n i32)
    (param $acc0 i32) (param $acc1 i32) (param $H i32)
    (local $side i32) (local $acc i32) (local $f i32) (local $j i32) (local $k i32)
    (local $row i32) (local $hb i32) (local $b i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128)
    (local.set $hb (i32.shl (local.get $H) (i32.const 2)))
    (loop $sides
      (local.set $acc (select (local.get $acc1) (local.get $acc0) (local.get $side)))
      (local.set $f (i32.add (local.get $feats) (i32.shl (local.get $side) (i32.const 7))))
      (local.set $j (i32.const 0))
      (loop $blocks
        (local.set $b (i32.add (local.get $bias) (local.get $j)))
        (local.set $v0 (v128.load offset=0 (local.get $b)))
        (local.set $v1 (v128.load offset=16 (local.get $b)))
        (local.set $v2 (v128.load offset=32 (local.get $b)))
        (local.set $v3 (v128.load offset=48 (local.get $b)))
        (local.set $k (i32.const 0))
        (block $done
          (loop $feat
            (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
            (local.set $row
              (i32.add
                (i32.add (local.get $params)
                  (i32.mul (i32.load (i32.add (local.get $f) (i32.shl (local.get $k) (i32.const 2)))) (local.get $hb)))
                (local.get $j)))
            (local.set $v0 (f32x4.add (local.get $v0) (v128.load offset=0 (local.get $row))))
            (local.set $v1 (f32x4.add (local.get $v1) (v128.load offset=16 (local.get $row))))
            (local.set $v2 (f32x4.add (local.get $v2) (v128.load offset=32 (local.get $row))))
            (local.set $v3 (f32x4.add (local.get $v3) (v128.load offset=48 (local.get $row))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $feat)))
        (local.set $b (i32.add (local.get $acc) (local.get $j)))
        (v128.store offset=0 (local.get $b) (local.get $v0))
        (v128.store offset=16 (local.get $b) (local.get $v1))
        (v128.store offset=32 (local.get $b) (local.get $v2))
        (v128.store offset=48 (local.get $b) (local.get $v3))
        (local.set $j (i32.add (local.get $j) (i32.const 64)))
        (br_if $blocks (i32.lt_u (local.get $j) (local.get $hb))))
      (local.set $side (i32.add (local.get $side) (i32.const 1)))
      (br_if $sides (i32.lt_u (local.get $side) (i32.const 2)))))

  ;; sum_j clamp(us[j], 0, 1)^2 * ow[j] + clamp(them[j], 0, 1)^2 * ow[H + j] (no bias).
  (func (export "outsum")
    (param $us i32) (param $them i32) (param $ow i32) (param $H i32) (result f32)
    (local $j i32) (local $hb i32) (local $sum v128) (local $c v128) (local $zero v128) (local $one v128)
    (local.set $hb (i32.shl (local.get $H) (i32.const 2)))
    (local.set $one (f32x4.splat (f32.const 1)))
    (loop $blocks
      (local.set $c (f32x4.min (f32x4.max (v128.load (i32.add (local.get $us) (local.get $j))) (local.get $zero)) (local.get $one)))
      (local.set $sum (f32x4.add (local.get $sum)
        (f32x4.mul (f32x4.mul (local.get $c) (local.get $c)) (v128.load (i32.add (local.get $ow) (local.get $j))))))
      (local.set $c (f32x4.min (f32x4.max (v128.load (i32.add (local.get $them) (local.get $j))) (local.get $zero)) (local.get $one)))
      (local.set $sum (f32x4.add (local.get $sum)
        (f32x4.mul (f32x4.mul (local.get $c) (local.get $c))
          (v128.load (i32.add (i32.add (local.get $ow) (local.get $hb)) (local.get $j))))))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $blocks (i32.lt_u (local.get $j) (local.get $hb))))
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $sum)) (f32x4.extract_lane 1 (local.get $sum)))
      (f32.add (f32x4.extract_lane 2 (local.get $sum)) (f32x4.extract_lane 3 (local.get $sum)))))

  ;; One side's output-layer backward: gow[j] += dv * clamp(a)^2, ga[j] = dv * 2a * ow[j]
  ;; where 0 < a < 1, else 0.
  (func $back (param $acc i32) (param $ow i32) (param $gow i32) (param $ga i32) (param $dv f32) (param $hb i32)
    (local $j i32) (local $a v128) (local $c v128) (local $d v128) (local $d2 v128) (local $zero v128) (local $one v128)
    (local.set $d (f32x4.splat (local.get $dv)))
    (local.set $d2 (f32x4.splat (f32.add (local.get $dv) (local.get $dv))))
    (local.set $one (f32x4.splat (f32.const 1)))
    (loop $blocks
      (local.set $a (v128.load (i32.add (local.get $acc) (local.get $j))))
      (local.set $c (f32x4.min (f32x4.max (local.get $a) (local.get $zero)) (local.get $one)))
      (v128.store (i32.add (local.get $gow) (local.get $j))
        (f32x4.add (v128.load (i32.add (local.get $gow) (local.get $j)))
          (f32x4.mul (local.get $d) (f32x4.mul (local.get $c) (local.get $c)))))
      (v128.store (i32.add (local.get $ga) (local.get $j))
        (v128.and
          (v128.and (f32x4.gt (local.get $a) (local.get $zero)) (f32x4.lt (local.get $a) (local.get $one)))
          (f32x4.mul (f32x4.mul (local.get $d2) (local.get $a)) (v128.load (i32.add (local.get $ow) (local.get $j))))))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $blocks (i32.lt_u (local.get $j) (local.get $hb)))))

  (func (export "backward")
    (param $us i32) (param $them i32) (param $ow i32) (param $gow i32) (param $gus i32) (param $gthem i32)
    (param $dv f32) (param $H i32)
    (local $hb i32)
    (local.set $hb (i32.shl (local.get $H) (i32.const 2)))
    (call $back (local.get $us) (local.get $ow) (local.get $gow) (local.get $gus) (local.get $dv) (local.get $hb))
    (call $back (local.get $them) (i32.add (local.get $ow) (local.get $hb)) (i32.add (local.get $gow) (local.get $hb))
      (local.get $gthem) (local.get $dv) (local.get $hb)))

  ;; gbias[j] += g0[j] + g1[j]; then for each side, each of its features f in order:
  ;; grad[f * H + j] += g_side[j], 16 floats of g_side held in registers.
  (func (export "scatter")
    (param $grad i32) (param $gbias i32) (param $feats i32) (param $n i32)
    (param $g0 i32) (param $g1 i32) (param $H i32)
    (local $side i32) (local $gs i32) (local $f i32) (local $j i32) (local $k i32)
    (local $row i32) (local $hb i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128)
    (local.set $hb (i32.shl (local.get $H) (i32.const 2)))
    (loop $bias
      (v128.store (i32.add (local.get $gbias) (local.get $j))
        (f32x4.add (v128.load (i32.add (local.get $gbias) (local.get $j)))
          (f32x4.add (v128.load (i32.add (local.get $g0) (local.get $j))) (v128.load (i32.add (local.get $g1) (local.get $j))))))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $bias (i32.lt_u (local.get $j) (local.get $hb))))
    (loop $sides
      (local.set $gs (select (local.get $g1) (local.get $g0) (local.get $side)))
      (local.set $f (i32.add (local.get $feats) (i32.shl (local.get $side) (i32.const 7))))
      (local.set $j (i32.const 0))
      (loop $blocks
        (local.set $row (i32.add (local.get $gs) (local.get $j)))
        (local.set $v0 (v128.load offset=0 (local.get $row)))
        (local.set $v1 (v128.load offset=16 (local.get $row)))
        (local.set $v2 (v128.load offset=32 (local.get $row)))
        (local.set $v3 (v128.load offset=48 (local.get $row)))
        (local.set $k (i32.const 0))
        (block $done
          (loop $feat
            (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
            (local.set $row
              (i32.add
                (i32.add (local.get $grad)
                  (i32.mul (i32.load (i32.add (local.get $f) (i32.shl (local.get $k) (i32.const 2)))) (local.get $hb)))
                (local.get $j)))
            (v128.store offset=0 (local.get $row) (f32x4.add (v128.load offset=0 (local.get $row)) (local.get $v0)))
            (v128.store offset=16 (local.get $row) (f32x4.add (v128.load offset=16 (local.get $row)) (local.get $v1)))
            (v128.store offset=32 (local.get $row) (f32x4.add (v128.load offset=32 (local.get $row)) (local.get $v2)))
            (v128.store offset=48 (local.get $row) (f32x4.add (v128.load offset=48 (local.get $row)) (local.get $v3)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $feat)))
        (local.set $j (i32.add (local.get $j) (i32.const 64)))
        (br_if $blocks (i32.lt_u (local.get $j) (local.get $hb))))
      (local.set $side (i32.add (local.get $side) (i32.const 1)))
      (br_if $sides (i32.lt_u (local.get $side) (i32.const 2)))))
)
