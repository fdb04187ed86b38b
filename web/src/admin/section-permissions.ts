// Kept apart from the admin menu (and its icons) because the route table in the first bundle needs them too.

/** Catalogue sections read their tables through the public `view` calls, so they need that beside `update`. */
export const TITLES = ['titles.view', 'titles.update'] as const;
export const PEOPLE = ['people.view', 'people.update'] as const;
export const VIDEOS = ['videos.view', 'videos.update'] as const;
export const TITLE_TAGS = ['title_tags.view', 'title_tags.update'] as const;

/**
 * The users table opens for whoever may act on users; each action shows for its own permission. (users.view is
 * the everyday permission to see public profiles, not this table.)
 */
export const USERS = { any: ['users.update', 'users.create', 'users.delete'] } as const;
export const ROLES = { any: ['roles.view', 'roles.update', 'roles.create', 'roles.delete'] } as const;
