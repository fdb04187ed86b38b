import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { seed } from './db/seed/index.ts';
import { installProcessGuard } from './lib/process-guard.ts';
import { exitGracefully } from './lib/shutdown.ts';
import { checkStoragePath, startupFailure } from './lib/startup-failure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let config: Config | undefined;
let started: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  checkStoragePath(config.storagePath);
  started = await buildApp(config);
  const { app, ctx } = started;
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
  exitGracefully(started.close);
} catch (err) {
  // A start that fails ends the process with one line saying what to change (a supervisor restarts it, or the
  // operator reads it): never a process left running without listening.
  const failure = startupFailure(err, config);
  console.error(`\n  StreamSite could not start: ${failure.line}\n`);
  if (failure.stack) console.error(failure.stack);
  await started?.close().catch(() => undefined);
  process.exit(1);
}
