// How glibc's malloc is set for the server wherever it is started: `npm start` (bootstrap.mjs), the
// browser tests' server, the benchmarks and the memory tests. glibc reads GLIBC_TUNABLES once, when
// the process starts, so it cannot be set from inside the server. Elsewhere than glibc (musl,
// macOS) the variable does nothing. A GLIBC_TUNABLES of the caller's own is kept instead.
//
// - arena_max=2: each thread that decodes a screenshot would otherwise keep a malloc arena of its
//   own; after a burst of eight 40 MP pictures the embedded server stayed near 500 MB instead of
//   near 300 MB (server/test/upload-burst-memory.test.ts).
// - trim_threshold and mmap_threshold at 256 KB: glibc otherwise raises both as large blocks are
//   freed, so later large blocks come from the main heap, whose freed pages it keeps. Under the
//   mixed load at 320 simulated earners the embedded server's main heap held 121 MB; with these two
//   the server's RSS was 334 MB instead of 414 (medians of five runs each; the server's CPU per
//   call 1.17 against 1.12 ms, within what runs of one build move; bench/README.md, 2026-12-07).
export const SERVER_MEMORY_ENV = Object.freeze({
  GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=262144:glibc.malloc.mmap_threshold=262144',
});
