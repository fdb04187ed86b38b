// Kept apart from the admin menu (and its icons) because the route table in the first bundle needs them too.

/** Catalogue sections read their tables through the `view` calls, which also answer whoever holds `update`. */
export const TITLES = 'titles.update';
export const PEOPLE = 'people.update';
export const VIDEOS = 'videos.update';
export const TITLE_TAGS = 'title_tags.update';

/**
 * The users table opens for whoever may act on users; each action shows for its own permission. (users.view is
 * the everyday permission to see public profiles, not this table.)
 */
export const USERS = { any: ['users.update', 'users.create', 'users.delete'] } as const;
export const ROLES = { any: ['roles.view', 'roles.update', 'roles.create', 'roles.delete'] } as const;
/** Creating: the spec's users/new and roles/new ask for the update permission; the create one alone also does. */
export const CREATE_USERS = { any: ['users.create', 'users.update'] } as const;
export const CREATE_ROLES = { any: ['roles.create', 'roles.update'] } as const;

/**
 * A title's sections that read through other resources' calls (its reviews, comments, videos, seasons, episodes and
 * insights): their tabs show, and their pages open, only for those who may make those calls.
 */
export const TITLE_SECTIONS = {
  reviews: 'reviews.update',
  comments: 'comments.update',
  // The title's videos list answers whoever may watch or edit videos (its actions ask for their own permissions).
  videos: { any: ['videos.view', 'videos.update'] },
  seasons: 'seasons.view',
  episodes: 'episodes.view',
  insights: 'reports.view',
} as const;
