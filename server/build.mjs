// Bundles the server (and the contracts it imports) into one ESM file; node_modules stay external.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url)));
await build({
  // The event writer runs in a worker thread, so it is an entry of its own beside main.js (modules/plays/event-writer.ts);
  // backup.js is `npm run backup`.
  entryPoints: { main: 'src/main.ts', 'writer-worker': 'src/modules/plays/writer-worker.ts', backup: 'src/backup.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@app/contracts': '../contracts/src/index.ts' },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
