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
          // Files in one fork share the imported modules (each still builds its own app over its own database):
          // importing the server graph per file was most of the suite's time.
          isolate: false,
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
