/** Work in progress: this session's helpers fill this entry. */
export {};
