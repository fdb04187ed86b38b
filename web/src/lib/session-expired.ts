/**
 * A write refused because the session ended (expired, signed out in another tab, closed from another device): the
 * app asks to sign in again in a dialog (ui/SessionExpiredDialog) and then sends the write once more, so what a form
 * held is saved rather than lost. Writes that fail meanwhile wait on the same sign-in.
 */
export interface SignInAsker {
  /** Opens the dialog; false when there is nobody to ask (the page was a guest's). */
  ask: () => boolean;
  close: () => void;
}

let asker: SignInAsker | null = null;
let pending: { promise: Promise<boolean>; resolve: (signedIn: boolean) => void } | null = null;

export function onSignInNeeded(a: SignInAsker): () => void {
  asker = a;
  return () => { if (asker === a) asker = null; };
}

/** Resolves true once signed in again, false when the dialog is dismissed (or there is nobody to ask). */
export function awaitSignIn(): Promise<boolean> {
  if (pending) return pending.promise;
  if (!asker?.ask()) return Promise.resolve(false);
  let resolve!: (signedIn: boolean) => void;
  pending = { promise: new Promise<boolean>((r) => { resolve = r; }), resolve };
  return pending.promise;
}

export function signInSettled(signedIn: boolean): void {
  const settled = pending;
  pending = null;
  asker?.close();
  settled?.resolve(signedIn);
}
