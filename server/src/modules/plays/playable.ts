import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { toBool } from '../../db/index.ts';

export interface PlayableVideo { title_id: number; season_num: number | null; episode_num: number | null; category: string }

const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/**
 * Which approved video a play report is for, remembered for 10 seconds: a player reports every few seconds, so the
 * video row was read once per report. Only approved videos are remembered (an unknown or unapproved id is read each
 * time, so a new or newly approved video counts at once). An edit or delete of a video or title through this process
 * forgets everything (see `forgetOnCatalogueWrites`); another process's edit takes effect within the 10 seconds.
 */
export class PlayableVideos {
  private entries = new Map<number, { video: PlayableVideo; until: number }>();

  constructor(private readonly db: Db) {}

  async get(id: number, now = Date.now()): Promise<PlayableVideo | null> {
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.video;
    const row = await this.db.selectFrom('videos').select(['title_id', 'season_num', 'episode_num', 'category', 'approved']).where('id', '=', id).executeTakeFirst();
    if (!row || !toBool(row.approved)) {
      this.entries.delete(id);
      return null;
    }
    const video = { title_id: row.title_id, season_num: row.season_num, episode_num: row.episode_num, category: row.category };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(id, { video, until: now + TTL_MS });
    return video;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Forgets every entry after a write to videos or titles answered here (approval, title, season or episode changes, deletes). */
  forgetOnCatalogueWrites(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
      const route = req.routeOptions.url ?? '';
      if (!route.startsWith('/api/v1/videos') && !route.startsWith('/api/v1/titles')) return;
      // The play calls themselves change nothing a play looks up.
      if (route.endsWith('/plays') || route.endsWith('/progress')) return;
      this.clear();
    });
  }
}
