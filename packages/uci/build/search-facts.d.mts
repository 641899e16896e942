/** Types of search-facts.mjs (plain JavaScript, so a bundler's config loads it through the package's exports). */
export function searchFacts(): Promise<{ __SEARCH_PARAMS__: string; __SEARCH_SIGNALS__: string }>;
