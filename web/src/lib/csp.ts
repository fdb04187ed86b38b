import { z } from 'zod';

// The site runs under a Content-Security-Policy without 'unsafe-eval' (server/src/http/security-headers.ts). zod's
// compiled parsers probe `new Function`, which the browser reports as a policy violation even though zod falls back;
// jitless skips the probe. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
