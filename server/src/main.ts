import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seed } from './db/seed/index.ts';
import { installProcessGuard } from './lib/process-guard.ts';
import { exitGracefully } from './lib/shutdown.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
const { app, ctx, close } = await buildApp(config);
// An error that escapes every handler is reported and the process keeps serving (lib/process-guard.ts).
installProcessGuard(ctx.errors);

await seed(ctx, {
  demo: config.seedDemo,
  onAdminCreated: (created) => {
    console.log('\n  Admin account created on first run:');
    console.log(`    email:    ${created.email}`);
    console.log(`    password: ${created.password}\n`);
  },
});

await app.listen({ port: config.port, host: config.host });
// Queued jobs (database, or the remote driver the settings select) are worked by every server process.
ctx.queue.start();
console.log(`  Site:  ${config.appUrl}/\n  Admin: ${config.appUrl}/admin\n`);

exitGracefully(close);
