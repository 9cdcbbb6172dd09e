/** Writes `.br` and `.gz` beside every text file below `dirs`; returns how many were written. */
export function precompress(dirs: string[]): Promise<number>;
