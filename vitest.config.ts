import { defineConfig } from 'vitest/config';

// Each package keeps its own vitest.config.ts beside its code; this file only lists them.
export default defineConfig({
  test: {
    projects: ['shared', 'host', 'remote-tasks', 'remote-wallet', 'remote-team', 'server'],
  },
});
