import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Opening PGlite and hashing passwords take real time on a small machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
