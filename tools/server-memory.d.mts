/** The environment that sets glibc's malloc for the server process (see server-memory.mjs). */
export const SERVER_MEMORY_ENV: Readonly<{ GLIBC_TUNABLES: string }>;
