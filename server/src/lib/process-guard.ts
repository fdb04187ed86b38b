/**
 * The last line of defence (issue 17 item 3): by default Node ends the process on an unhandled promise
 * rejection or an uncaught exception, which takes the site down for every visitor because of one bad
 * request. Every known cause is fixed where it happens (awaited promises, stream error handlers); whatever
 * still escapes is reported through `ctx.errors` (structured log, and Sentry when a DSN is set) and the
 * process keeps serving. A crash loop is still possible for errors that leave the process broken (out of
 * memory, a native abort): those are not catchable here, and the production start restarts the process.
 *
 * Installed once by main.ts (tests install their own through `installProcessGuard` with a fake reporter).
 */
export interface GuardReporter {
  capture(err: unknown, context?: { message?: string; tags?: Record<string, string> }): Promise<void>;
}

export interface ProcessGuard {
  /** How many errors escaped so far, by kind (for the health call and tests). */
  readonly counts: { unhandledRejection: number; uncaughtException: number };
  uninstall(): void;
}

type Target = Pick<NodeJS.Process, 'on' | 'off'>;

export function installProcessGuard(reporter: GuardReporter, log: (msg: string, err: unknown) => void = defaultLog, target: Target = process): ProcessGuard {
  const counts = { unhandledRejection: 0, uncaughtException: 0 };
  const report = (kind: keyof typeof counts, err: unknown) => {
    counts[kind] += 1;
    try {
      // The reporter writes the structured log (and Sentry); the catch keeps a broken reporter from
      // looping back here as another unhandled rejection.
      reporter.capture(err, { message: `Escaped error (${kind}); the process keeps serving`, tags: { source: kind } })
        .catch((captureErr: unknown) => log('Could not report an escaped error', [err, captureErr]));
    } catch (reportErr) {
      log('Could not report an escaped error', [err, reportErr]);
    }
  };
  const onRejection = (reason: unknown) => report('unhandledRejection', reason);
  const onException = (err: Error) => report('uncaughtException', err);
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return {
    counts,
    uninstall() {
      target.off('unhandledRejection', onRejection);
      target.off('uncaughtException', onException);
    },
  };
}

function defaultLog(msg: string, err: unknown): void {
  console.error(msg, err);
}
