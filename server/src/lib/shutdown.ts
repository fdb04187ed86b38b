/**
 * Graceful stop on SIGTERM/SIGINT (issue 17 item 17): `close` stops accepting connections, lets in-flight requests
 * answer (Fastify's close; new requests meanwhile get 503) and lets the running job finish (the queue workers stop
 * after the job in hand; queued jobs stay in the database). If that takes longer than SHUTDOWN_TIMEOUT seconds
 * (default 10) the process exits anyway with code 1, so a supervisor never waits forever. A second signal exits at once.
 */
export function exitGracefully(close: () => Promise<void>, env: NodeJS.ProcessEnv = process.env): void {
  const seconds = Number(env.SHUTDOWN_TIMEOUT ?? 10);
  const timeoutMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1000;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`  ${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`  ${signal}: finishing requests and the running job (at most ${timeoutMs / 1000} s)…`);
    const timer = setTimeout(() => {
      console.error('  Shutdown timed out; exiting.');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(() => process.exit(0), (err: unknown) => {
      console.error('  Shutdown failed:', err);
      process.exit(1);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
