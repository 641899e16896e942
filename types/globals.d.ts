/**
 * True in tests and debug builds, false in release builds. Release builds replace it
 * with `false` through esbuild's `define` and drop the dead branches by syntax
 * minification, so `if (__DEBUG__) assertOk(pos)` costs nothing in a release build.
 */
declare const __DEBUG__: boolean;
