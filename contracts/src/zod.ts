import { config, type RefinementCtx } from 'zod';
import { humanIssueMessage } from './messages.ts';

/**
 * zod, set up before any schema of ours exists: every contracts module imports `z` from here, so wherever schemas
 * load (the server at start, a web chunk with a form), this has run first.
 * - Validation messages written for people (messages.ts), the same in the server's 422 answers and the forms.
 * - In the browser, jitless: the site runs under a Content-Security-Policy without 'unsafe-eval'
 *   (server/src/http/security-headers.ts), and zod's compiled parsers probe `new Function`, which the browser
 *   reports as a violation even though zod falls back. The server keeps the faster compiled parsers.
 * `config`, not `z.config`: the web build marks calls on `z` as pure (web/vite.config.ts) and would drop it.
 */
config({ customError: (issue) => humanIssueMessage(issue), ...(typeof document === 'undefined' ? {} : { jitless: true }) });

export { z } from 'zod';

/**
 * A field's own message for a missing or mistyped value only, as `z.string(required('Name is required.'))`: given as
 * `{ error }`, zod also answers it for each check without a message of its own (a name too long read "Name is required.").
 */
export const required = (message: string) => ({
  // zod reports a fraction given to `.int()` as a wrong type too (expected 'int'): that is a range error, not a missing value.
  error: (issue: { code: string; expected?: string }) => (issue.code === 'invalid_type' && issue.expected !== 'int' ? message : undefined),
});

/** Stored lower-cased (tag names), a text must still fit its column then: lower-casing lengthens some letters ('İ' → 'i̇'). */
export const lowerCasedAtMost = (max: number) => (text: string, ctx: RefinementCtx) => {
  // A text already too long as typed has its message from `.max()`.
  if (text.length <= max && text.toLowerCase().length > max) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: text });
};
