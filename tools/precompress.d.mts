/** Writes `.br` and `.gz` beside every text file below `dirs`; returns how many were written. */
export function precompress(dirs: string[]): Promise<number>;
/** The built apps' folders: host/dist, admin/dist and each remote's dist that exists. */
export function defaultDirs(): string[];
/** Files below `dirs` that a full build would have compressed and that have no compressed copy. */
export function missingCompressedCopies(dirs: string[]): string[];
