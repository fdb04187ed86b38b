import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SECRET_MASK } from '@app/contracts';
import { auditRecorder } from '../src/modules/audit/hook.ts';
import { asAdmin, asUser, Client, createTestApp, createUser } from './helper.ts';

const t = await createTestApp();
let admin: Client;
afterAll(() => t.close());
beforeAll(async () => { admin = await asAdmin(t); });

const flush = () => auditRecorder(t.ctx).flush();
async function log(filters: { key: string; value: unknown; operator?: string }[] = []) {
  await flush();
  const res = await admin.get(`/api/v1/audit-log?perPage=50&filters=${encodeURIComponent(JSON.stringify(filters))}`);
  expect(res.status).toBe(200);
  return res.body.pagination;
}

describe('what the audit log records', () => {
  it('records an admin changing a user, with the fields before and after', async () => {
    const target = await createUser(t, { first_name: 'Before', roles: [t.roles.users] });
    expect((await admin.put(`/api/v1/users/${target.id}`, { first_name: 'After', roles: [t.roles.users, t.roles.admin] })).status).toBe(200);
    const page = await log([{ key: 'record_type', value: 'users' }, { key: 'record_id', value: String(target.id) }]);
    expect(page.data).toHaveLength(1);
    const entry = page.data[0];
    expect(entry).toMatchObject({ method: 'PUT', action: '/api/v1/users/:id', via: 'session', status: 200, user: { email: 'admin@test.local' } });
    expect(entry.ip).toBeTruthy();
    expect(entry.changes.first_name).toEqual(['Before', 'After']);
    expect(entry.changes.roles).toEqual([['users'], ['admin', 'users'].sort()]);
    expect(entry.changes.email).toBeUndefined();
  });

  it('records a settings change and masks secrets while still showing that they changed', async () => {
    expect((await admin.post('/api/v1/settings', { client: { 'client.dates.format': 'long' }, server: { 'server.recaptcha_secret_key': 'secret-value-123' } })).status).toBe(200);
    const page = await log([{ key: 'action', value: '/api/v1/settings' }]);
    const entry = page.data[0];
    expect(entry.changes['client.dates.format'][1]).toBe('long');
    expect(entry.changes['server.recaptcha_secret_key']).toEqual(['', AUDIT_SECRET_MASK]);
    expect(JSON.stringify(page)).not.toContain('secret-value-123');
  });

  it('records role permission changes', async () => {
    const created = await admin.post('/api/v1/roles', { name: 'Editors', permissions: [{ name: 'titles.view' }] });
    expect(created.status).toBe(200);
    const id = created.body.role.id;
    expect((await admin.put(`/api/v1/roles/${id}`, { name: 'Editors', permissions: [{ name: 'titles.view' }, { name: 'titles.update' }] })).status).toBe(200);
    const page = await log([{ key: 'record_type', value: 'roles' }, { key: 'record_id', value: String(id) }]);
    expect(page.data[0].changes.permissions).toEqual([['titles.view'], ['titles.update', 'titles.view']]);
  });

  it('records writes made with a token, even by a user without admin access, and marks them', async () => {
    const me = await asUser(t);
    const created = await me.post('/api/v1/auth/access-tokens', { tokenName: 'CLI' });
    const api = new Client(t);
    api.bearer = created.body.plainTextToken;
    expect((await api.put('/api/v1/account/profile', { first_name: 'Tok', last_name: 'En' })).status).toBe(200);
    const page = await log([{ key: 'user_id', value: me.user.id }]);
    expect(page.data.map((e: any) => [e.via, e.action])).toEqual([['token', '/api/v1/account/profile']]);
  });

  it('leaves out reads, failed calls, and plain users acting on the site', async () => {
    const before = (await log()).total;
    await admin.get('/api/v1/users');
    await admin.put('/api/v1/users/999999', { first_name: 'Nobody' });
    const user = await asUser(t);
    await user.put('/api/v1/account/profile', { first_name: 'Site', last_name: 'User' });
    expect((await log()).total).toBe(before);
  });
});

describe('reading the log', () => {
  it('is refused to anyone without audit_log.view', async () => {
    const user = await asUser(t, { permissions: ['admin.access', 'users.update'] });
    expect((await user.get('/api/v1/audit-log')).status).toBe(403);
    expect((await user.post('/api/v1/audit-log/csv/export')).status).toBe(403);
    const auditor = await asUser(t, { permissions: ['admin.access', 'audit_log.view'] });
    expect((await auditor.get('/api/v1/audit-log')).status).toBe(200);
  });

  it('filters by date and refuses unknown filters and sorts', async () => {
    const future = new Date(Date.now() + 86400_000).toISOString();
    expect((await log([{ key: 'created_at', value: future, operator: '>' }])).total).toBe(0);
    expect((await admin.get(`/api/v1/audit-log?filters=${encodeURIComponent(JSON.stringify([{ key: 'toString', value: 1 }]))}`)).status).toBe(422);
    expect((await admin.get('/api/v1/audit-log?orderBy=__proto__')).status).toBe(422);
  });

  it('lists the write calls as the action filter choices', async () => {
    const res = await admin.get('/api/v1/audit-log/actions');
    expect(res.body.actions).toContain('/api/v1/users/:id');
    expect(res.body.actions).not.toContain('/api/v1/audit-log');
  });

  it('exports the filtered log as CSV through the export path', async () => {
    const res = await admin.post(`/api/v1/audit-log/csv/export?filters=${encodeURIComponent(JSON.stringify([{ key: 'action', value: '/api/v1/settings' }]))}`);
    expect(res.status).toBe(200);
    const csv = await admin.get(res.body.downloadPath);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('id,created_at,user_id,via,ip,method,action,record_type,record_id,status,changes');
    expect(lines.slice(1).every((l) => l.includes('/api/v1/settings'))).toBe(true);
    expect(csv.text).not.toContain('secret-value-123');
  });

  it('keeps rows for the retention setting only', async () => {
    const old = new Date(Date.now() - 200 * 86400_000).toISOString();
    await t.ctx.db.insertInto('audit_log').values({ user_id: null, via: 'session', ip: null, method: 'POST', action: '/api/v1/old', record_type: null, record_id: null, status: 200, changes: null, created_at: old }).execute();
    await t.ctx.settings.set({ 'server.audit_retention_days': 30 });
    expect(await auditRecorder(t.ctx).prune()).toBe(1);
    expect((await log([{ key: 'action', value: '/api/v1/old' }])).total).toBe(0);
  });
});
