/**
 * Build-time facts about the search for bundles of @tempo-chess/uci (Node only: it runs in
 * a bundler's config, never in the engine). The UCI loop must answer `uci` and raise
 * the stop flag before the engine is loaded, but loading @tempo-chess/search at run time
 * costs the tables of every package below it (~60 ms). So a bundler reads the facts
 * here, from the built search package, and writes them into the bundle as the
 * constants `__SEARCH_PARAMS__` and `__SEARCH_SIGNALS__` (esbuild's and Vite's
 * `define`): they cannot drift from the search they were read from. Without them
 * (tests run from source) `uci` lists no search tunables and the signal indices are
 * the defaults in uci.ts.
 */
export async function searchFacts() {
  const s = await import('@tempo-chess/search');
  const params = s.SEARCH_PARAMS.map((p) => ({
    name: p.name,
    value: p.value,
    min: p.min,
    max: p.max,
    ...(p.step !== undefined ? { step: p.step } : {}),
  }));
  const signals = { stop: s.SIGNAL_STOP, ponderhit: s.SIGNAL_PONDERHIT, length: s.createSignals().length };
  return { __SEARCH_PARAMS__: JSON.stringify(params), __SEARCH_SIGNALS__: JSON.stringify(signals) };
}
