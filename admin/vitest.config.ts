import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'admin',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
