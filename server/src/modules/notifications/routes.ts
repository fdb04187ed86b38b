import type { FastifyInstance } from 'fastify';
import {
  listQuerySchema, notificationListResponse, notificationSettingsResponse, notificationSettingsSchema, notificationUnsubscribeQuery, notificationUnsubscribeResponse,
  notificationsReadSchema, unreadNotificationsResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { idsParam, typed } from '../../http/schema.ts';
import { NOTIFICATION_MAIL_JOB, sendNotificationMails } from './mail.ts';
import { NEW_EPISODES_JOB, announceNewEpisodes } from './new-episodes.ts';
import { listNotifications, markRead, notificationSettings, removeNotifications, saveNotificationSettings, unreadCount, unsubscribe } from './service.ts';

/** The signed-in member's notifications (the bell in the site header). */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const self = { permission: 'authenticated' as const };
  ctx.queue.register(NEW_EPISODES_JOB, async () => { await announceNewEpisodes(ctx); });
  ctx.queue.register(NOTIFICATION_MAIL_JOB, async ({ ids }: { ids: number[] }) => { await sendNotificationMails(ctx, ids); });

  api.get('/api/v1/notifications', { config: self, schema: { querystring: listQuerySchema, response: { 200: notificationListResponse } } }, async (req) =>
    listNotifications(ctx, requireUser(req), req.query));

  api.get('/api/v1/notifications/unread', { config: self, schema: { response: { 200: unreadNotificationsResponse } } }, async (req) =>
    ({ unread: await unreadCount(ctx.db, requireUser(req)) }));

  api.post('/api/v1/notifications/read', { config: self, schema: { body: notificationsReadSchema, response: { 200: unreadNotificationsResponse } } }, async (req) =>
    ({ unread: await markRead(ctx.db, requireUser(req), req.body.ids) }));

  // The member clears notifications they no longer want in the list (the page's Delete).
  api.delete('/api/v1/notifications/:ids', { config: self, schema: { params: idsParam, response: { 200: unreadNotificationsResponse } } }, async (req) =>
    ({ unread: await removeNotifications(ctx.db, requireUser(req), req.params.ids) }));

  // Which kinds the member wants (account settings).
  api.get('/api/v1/notifications/settings', { config: self, schema: { response: { 200: notificationSettingsResponse } } }, async (req) =>
    ({ settings: await notificationSettings(ctx.db, requireUser(req)) }));

  api.put('/api/v1/notifications/settings', { config: self, schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsResponse } } }, async (req) =>
    ({ settings: await saveNotificationSettings(ctx.db, requireUser(req), req.body) }));

  // A mail's unsubscribe link: the token in the address is the credential, from the site's page or a mail client.
  app.register(async (scope) => {
    // Mail clients' one-click unsubscribe posts the form `List-Unsubscribe=One-Click` (RFC 8058): nothing in it to read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    typed(scope).post('/api/v1/notifications/unsubscribe', {
      config: { permission: 'public', selfAuthenticated: true },
      schema: { querystring: notificationUnsubscribeQuery, response: { 200: notificationUnsubscribeResponse } },
    }, async (req) => {
      const kinds = await unsubscribe(ctx.db, req.query.token, req.query.type);
      if (!kinds) throw new HttpError(404, 'This unsubscribe link is not valid.');
      return { unsubscribed: kinds };
    });
  });
}
