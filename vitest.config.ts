import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file gets its own database; forks keep better-sqlite3 and pg pools apart. Files in one fork share
    // the imported modules (each still builds its own app over its own database): importing the server graph again
    // for every file was half of the API suite's time. Vitest 3 reads these from the root only (in a project they were
    // silently ignored).
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
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
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
