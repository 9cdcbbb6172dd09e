import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'admin',
    // Plain logic runs in Node; a screen's test names happy-dom in its first line.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
