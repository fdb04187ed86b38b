// Kept apart from the admin menu (and its icons) because the route table in the first bundle needs them too.

/** Catalogue sections read their tables through the public `view` calls, so they need that beside `update`. */
export const TITLES = ['titles.view', 'titles.update'] as const;
export const PEOPLE = ['people.view', 'people.update'] as const;
export const VIDEOS = ['videos.view', 'videos.update'] as const;
export const TITLE_TAGS = ['title_tags.view', 'title_tags.update'] as const;
