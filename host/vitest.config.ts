import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'host',
    environment: 'happy-dom',
    // Tests never reach the network: the ad pixel's script tag must not be fetched.
    environmentOptions: { happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
  },
});
