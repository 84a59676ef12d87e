import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'devchain/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/**/*.integration.test.ts', 'devchain/**/*.integration.test.ts'],
          globalSetup: ['src/testing/localChainGlobalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each spec file starts its own chain, server and browser; two at a time suits 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
