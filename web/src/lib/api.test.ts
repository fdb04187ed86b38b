import { describe, expect, it } from 'vitest';
import { api, ApiError, fieldMessages } from './api';
import { onSignInNeeded, signInSettled } from './session-expired';
import { setTranslationLines } from './i18n';

describe('fieldMessages', () => {
  const fields = ['email', 'password'] as const;
  it('puts each field its own first error', () => {
    const e = new ApiError(422, 'Invalid', { password: ['Wrong', 'Also wrong'], other: ['x'] });
    expect(fieldMessages(e, fields, 'email', 'Try again')).toEqual({ password: 'Wrong' });
  });
  it('puts the answer\'s message, else the fallback, under the general field when no field has one', () => {
    expect(fieldMessages(new ApiError(429, 'Too many requests.'), fields, 'email', 'Try again')).toEqual({ email: 'Too many requests.' });
    expect(fieldMessages(new TypeError('offline'), fields, 'email', 'Try again')).toEqual({ email: 'Try again' });
  });
});

describe('a write refused because the session ended', () => {
  const answers: number[] = [];
  const sent: string[] = [];
  globalThis.document ??= { cookie: '' } as Document;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push(`${init.method} ${url}`);
    const status = answers.shift() ?? 200;
    return new Response(JSON.stringify(status === 200 ? { ok: true } : { message: 'Unauthenticated.' }), { status });
  }) as typeof fetch;
  const reset = (...statuses: number[]) => { answers.splice(0, answers.length, ...statuses); sent.length = 0; };

  it('asks to sign in again, then sends the write once more', async () => {
    let asked = 0;
    const off = onSignInNeeded({ ask: () => { asked++; queueMicrotask(() => signInSettled(true)); return true; }, close: () => undefined });
    reset(401, 200);
    await expect(api.put('titles/1', { tagline: 'x' })).resolves.toEqual({ ok: true });
    expect(sent).toEqual(['PUT /api/v1/titles/1', 'PUT /api/v1/titles/1']);
    expect(asked).toBe(1);
    // Refused again after signing in: no second dialog, the refusal stands.
    reset(401, 401);
    let again = 0;
    off();
    const off2 = onSignInNeeded({ ask: () => { again++; queueMicrotask(() => signInSettled(true)); return true; }, close: () => undefined });
    await expect(api.put('titles/1', {})).rejects.toMatchObject({ status: 401 });
    expect(again).toBe(1);
    expect(sent).toHaveLength(2);
    off2();
  });

  it('fails as before when dismissed, for reads, for the sign-in calls themselves, and with nobody to ask', async () => {
    const off = onSignInNeeded({ ask: () => { queueMicrotask(() => signInSettled(false)); return true; }, close: () => undefined });
    reset(401);
    await expect(api.post('lists', {})).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(sent).toHaveLength(1);
    off();
    let asked = 0;
    const off2 = onSignInNeeded({ ask: () => { asked++; return false; }, close: () => undefined });
    reset(401, 401, 401);
    await expect(api.get('titles')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('auth/login', {})).rejects.toMatchObject({ status: 401 });
    await expect(api.delete('titles/1')).rejects.toMatchObject({ status: 401 });
    expect(asked).toBe(1);
    off2();
  });
});

describe('a failure without the API\'s own message', () => {
  it('reads in the visitor\'s language, never as the raw HTTP status text or the browser\'s wording', async () => {
    setTranslationLines({
      'There was an issue. Please try again.': 'Es gab ein Problem. Bitte versuche es erneut.',
      'Could not reach the server. Check your connection and try again.': 'Der Server ist nicht erreichbar.',
    });
    try {
      // A proxy's own error page (HTML) and an empty 503 while the site restarts.
      globalThis.fetch = (async () => new Response('<h1>502 Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch;
      await expect(api.get('titles')).rejects.toMatchObject({ status: 502, message: 'Es gab ein Problem. Bitte versuche es erneut.' });
      globalThis.fetch = (async () => new Response('', { status: 503, statusText: 'Service Unavailable' })) as typeof fetch;
      await expect(api.put('titles/1', {})).rejects.toMatchObject({ status: 503, message: 'Es gab ein Problem. Bitte versuche es erneut.' });
      // Offline: fetch itself fails.
      globalThis.fetch = (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch;
      await expect(api.post('comment', {})).rejects.toMatchObject({ status: 0, message: 'Der Server ist nicht erreichbar.' });
      // The API's own message still wins.
      globalThis.fetch = (async () => new Response(JSON.stringify({ message: 'Title not found' }), { status: 404, statusText: 'Not Found' })) as typeof fetch;
      await expect(api.get('titles/9')).rejects.toMatchObject({ status: 404, message: 'Title not found' });
    } finally {
      setTranslationLines({});
    }
  });
});
