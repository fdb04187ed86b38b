import type { Generated } from 'kysely';

type Timestamp = string;

/** Play tracking tables (migration 0023), merged into the shared Database type from this module. */
export interface PlaysTable {
  id: Generated<number>;
  video_id: number;
  title_id: number;
  season_num: number | null;
  episode_num: number | null;
  user_id: number | null;
  visitor_id: string | null;
  seconds_watched: number;
  position: number;
  device: string | null;
  browser: string | null;
  platform: string | null;
  country: string | null;
  /** Region (ISO 3166-2 subdivision code without the country) and the city's coordinates, since migration 0093. */
  region: Generated<string | null>;
  city: string | null;
  latitude: Generated<number | null>;
  longitude: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoProgressTable {
  user_id: number;
  video_id: number;
  position: number;
  /** The video's length as the player reported it; null when no report carried it. */
  duration: number | null;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    plays: PlaysTable;
    video_progress: VideoProgressTable;
  }
}
