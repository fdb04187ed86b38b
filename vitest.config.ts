import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contracts/test/**/*.test.ts', 'web/src/**/*.test.ts', 'server/test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          exclude: ['server/test/unit/**'],
          // Each file gets its own database; forks keep better-sqlite3 and pg pools apart.
          pool: 'forks',
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
