import { entity, paginated } from './common.ts';
import { titleTagEntity } from './titles.ts';

/** Genres, keywords and production countries (`title-tags/{type}`): the same tag a title lists. */
export const titleTagListResponse = paginated(titleTagEntity);
export const titleTagResponse = entity({ tag: titleTagEntity });
