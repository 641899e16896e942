/** Work in progress. */
export {};
