import { defineConfig } from 'vitest/config';
import apps from './apps.json';

// Each package keeps its own vitest.config.ts beside its code; this file only lists them, the
// remotes as apps.json names them.
export default defineConfig({
  test: {
    projects: ['shared', 'host', ...apps.remotes.map((r) => r.folder), 'admin', 'server', 'tools/delivery'],
  },
});
