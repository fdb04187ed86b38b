/** One play or progress report, held in memory until the next flush. The address is only used to look up the place. */
export interface PlayEvent {
  kind: 'play' | 'progress';
  videoId: number;
  titleId: number;
  seasonNum: number | null;
  episodeNum: number | null;
  userId: number | null;
  visitorId: string | null;
  seconds: number;
  position: number;
  /** The video's length, when the player knew it. */
  duration?: number | null;
  at: string;
  ip?: string;
  userAgent?: string;
}

/** The reports of one viewer for one video within a chunk: they collapse into one row change. */
export interface PlayGroup {
  first: PlayEvent;
  last: PlayEvent;
  /** Every report's seconds: what an existing play in the window gains. */
  seconds: number;
  position: number;
  /** The latest report's video length that had one (null: none did). */
  duration: number | null;
  /** Plays created after this instant are the same play (one per viewer per video per 24 hours). */
  since: string;
  /** The first 'play' report, which a new play row is made from (progress alone never starts a play). */
  play: PlayEvent | undefined;
  /** Seconds from that play report on: what a new play row starts with. */
  playSeconds: number;
}

const viewerKey = (e: PlayEvent) => (e.userId ? `u${e.userId}` : `v${e.visitorId}`);
const lastDuration = (events: PlayEvent[]) => {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].duration != null) return Math.round(events[i].duration!);
  return null;
};
const sum = (events: PlayEvent[]) => Math.round(events.reduce((s, e) => s + e.seconds, 0));

/**
 * Groups a chunk's reports by viewer and video, in arrival order; both writers (SQLite thread, Kysely) apply the same
 * rules. `windowHours` is PLAY_WINDOW_HOURS, passed in so the writer thread does not load the whole contracts package.
 */
export function groupPlays(events: PlayEvent[], windowHours: number): PlayGroup[] {
  const byKey = new Map<string, PlayEvent[]>();
  for (const e of events) {
    const key = `${viewerKey(e)}:${e.videoId}`;
    const group = byKey.get(key);
    if (group) group.push(e);
    else byKey.set(key, [e]);
  }
  return [...byKey.values()].map((group) => {
    const first = group[0];
    const playAt = group.findIndex((e) => e.kind === 'play');
    return {
      first, last: group[group.length - 1], seconds: sum(group), position: Math.floor(group[group.length - 1].position),
      duration: lastDuration(group),
      since: new Date(Date.parse(first.at) - windowHours * 3600_000).toISOString(),
      play: playAt < 0 ? undefined : group[playAt], playSeconds: playAt < 0 ? 0 : sum(group.slice(playAt)),
    };
  });
}
