import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'remote-draw',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Lets Testing Library unmount after each test on its own.
    globals: true,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
