import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'admin',
    // Plain logic runs in Node; a screen's test names happy-dom in its first line.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // refine's table package imports `lodash/isEqual` without the extension Node's ESM loader
    // needs; bundled by vitest, as the build bundles it, screens with a table load in tests.
    server: { deps: { inline: ['@refinedev/react-table'] } },
  },
});
