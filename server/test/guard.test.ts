import { describe, expect, it } from 'vitest';
import { loadPermissions } from '../src/modules/roles/permissions.ts';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

const t = await createTestApp();

describe('the permission guard', () => {
  it('refuses to register an /api/v1 route without a declared permission', () => {
    expect(() => t.app.get('/api/v1/undeclared', async () => ({}))).toThrow(/without a declared permission/);
  });

  it('walks every route as guest, plain user and admin', async () => {
    const admin = await asAdmin(t);
    const user = await asUser(t);
    const anon = guest(t);
    const guestPerms = await loadPermissions(t.ctx.db, null);
    const userPerms = await loadPermissions(t.ctx.db, user.user.id);
    expect(t.ctx.routes.length).toBeGreaterThan(15);
    // Logging out would end the clients' sessions half-way through the walk.
    for (const r of t.ctx.routes.filter((x) => x.url !== '/api/v1/auth/logout')) {
      // Ids that do not exist: the guard must answer before any handler looks them up.
      const url = r.url.replace(/:ids\b/, '999998,999999').replace(/:[a-zA-Z]+/g, '999999');
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const label = `${r.method} ${r.url} ${JSON.stringify(r.permission)}`;
      const [g, u, a] = [await anon.request(r.method, url, body), await user.request(r.method, url, body), await admin.request(r.method, url, body)];
      for (const res of [g, u, a]) expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
      if (r.permission === 'public') continue;
      const names = [r.permission].flat();
      if (r.permission === 'authenticated' || !names.some((n) => guestPerms.has(n))) expect(g.status, `${label} as guest`).toBe(401);
      if (r.permission !== 'authenticated' && !names.some((n) => userPerms.has(n))) expect(u.status, `${label} as user`).toBe(403);
      expect([401, 403], `${label} as admin`).not.toContain(a.status);
    }
  });
});
