/** The permission catalogue: every permission the product checks, grouped as the role editor shows them. */
export interface PermissionRestriction {
  name: string;
  type: 'bool' | 'number';
  description: string;
  value?: boolean | number;
}

export interface Permission {
  name: string;
  display_name: string;
  description: string;
  group: string;
  advanced: boolean;
  restrictions: PermissionRestriction[];
}

type Def = Omit<Permission, 'group' | 'advanced' | 'restrictions'> & { advanced?: boolean; restrictions?: PermissionRestriction[] };

function group(name: string, defs: Def[]): Permission[] {
  return defs.map((d) => ({ advanced: false, restrictions: [], ...d, group: name }));
}

/** view/create/update/delete for a resource; only view is open to regular users by default. */
function crud(resource: string, label: string, opts: { advancedWrites?: boolean } = {}): Def[] {
  const adv = opts.advancedWrites ?? true;
  return [
    { name: `${resource}.view`, display_name: `View ${label}`, description: `Allow viewing ${label}.` },
    { name: `${resource}.create`, display_name: `Create ${label}`, description: `Allow creating new ${label}.`, advanced: adv },
    { name: `${resource}.update`, display_name: `Update ${label}`, description: `Allow editing all ${label}.`, advanced: adv },
    { name: `${resource}.delete`, display_name: `Delete ${label}`, description: `Allow deleting all ${label}.`, advanced: adv },
  ];
}

export const PERMISSIONS: Permission[] = [
  ...group('admin', [
    { name: 'admin.access', display_name: 'Access admin area', description: 'Required in order to open the admin area. Other admin permissions decide which sections are shown.', advanced: true },
    { name: 'admin', display_name: 'Super admin', description: 'Give all permissions to the user.', advanced: true },
    { name: 'settings.update', display_name: 'Manage settings', description: 'Allow viewing and updating the site settings and ad slots.', advanced: true },
    { name: 'appearance.update', display_name: 'Use appearance editor', description: 'Allow access to the appearance editor.', advanced: true },
    { name: 'audit_log.view', display_name: 'View audit log', description: 'Allow viewing and exporting who changed what through the admin and with access tokens.', advanced: true },
    { name: 'reports.view', display_name: 'View reports', description: 'Allow viewing the analytics reports and insights.', advanced: true },
  ]),
  ...group('users', [
    { name: 'users.view', display_name: 'View users', description: 'Allow viewing user profiles.' },
    { name: 'users.create', display_name: 'Create users', description: 'Allow creating users from the admin area.', advanced: true },
    { name: 'users.update', display_name: 'Manage users', description: 'Allow viewing, updating, suspending and exporting all users.', advanced: true },
    { name: 'users.delete', display_name: 'Delete users', description: 'Allow deleting users.', advanced: true },
  ]),
  // Viewing roles is the admin roles list, not something members or visitors browse: a staff permission.
  ...group('roles', crud('roles', 'roles').map((d) => (d.name === 'roles.view' ? { ...d, advanced: true } : d))),
  ...group('localizations', crud('localizations', 'localizations')),
  ...group('custom_pages', crud('custom_pages', 'custom pages')),
  ...group('tags', crud('tags', 'tags')),
  ...group('files', [
    { name: 'files.view', display_name: 'View files', description: 'Allow viewing files uploaded by other users.', advanced: true },
    {
      name: 'files.create', display_name: 'Upload files', description: 'Allow uploading files.',
      restrictions: [
        { name: 'max_file_size', type: 'number', description: 'Maximum size of a single file in bytes.' },
        { name: 'available_space', type: 'number', description: 'Storage space in bytes the user may fill, when the user has none set.' },
      ],
    },
    { name: 'files.update', display_name: 'Manage files', description: 'Allow managing all uploaded files.', advanced: true },
    { name: 'files.delete', display_name: 'Delete files', description: 'Allow deleting all uploaded files.', advanced: true },
  ]),
  ...group('api', [
    { name: 'api.access', display_name: 'Access API', description: 'Allow creating personal access tokens and using the API.' },
  ]),
  ...group('titles', crud('titles', 'titles')),
  ...group('seasons', crud('seasons', 'seasons')),
  ...group('episodes', crud('episodes', 'episodes')),
  ...group('people', crud('people', 'people')),
  ...group('videos', [
    ...crud('videos', 'videos', { advancedWrites: false }).map((d) => d.name === 'videos.create'
      ? { ...d, restrictions: [{ name: 'count', type: 'number' as const, description: 'Maximum number of videos the user can add.' }] }
      : d.name.endsWith('.view') ? d : { ...d, advanced: true }),
    { name: 'videos.rate', display_name: 'Rate videos', description: 'Allow rating videos.' },
  ]),
  ...group('title_tags', crud('title_tags', 'genres, keywords and countries')),
  ...group('images', crud('images', 'images')),
  ...group('lists', [
    ...crud('lists', 'lists', { advancedWrites: false }).map((d) => d.name === 'lists.create'
      ? { ...d, restrictions: [{ name: 'count', type: 'number' as const, description: 'Maximum number of lists the user can create.' }] }
      : d.name.endsWith('.view') || d.name.endsWith('.create') ? d : { ...d, advanced: true }),
  ]),
  ...group('channels', crud('channels', 'channels')),
  ...group('news', crud('news', 'news articles')),
  ...group('reviews', [
    ...crud('reviews', 'reviews', { advancedWrites: true }).map((d) => d.name === 'reviews.create' ? { ...d, advanced: false } : d),
  ]),
  ...group('comments', [
    ...crud('comments', 'comments', { advancedWrites: true }).map((d) => d.name === 'comments.create' ? { ...d, advanced: false } : d),
  ]),
  ...group('plans', crud('plans', 'subscription plans')),
  ...group('subscriptions', crud('subscriptions', 'subscriptions')),
];

export const PERMISSION_NAMES = new Set(PERMISSIONS.map((p) => p.name));

/**
 * Everyday permissions whose calls act for a signed-in account (posting a comment, rating a video, uploading, a
 * personal access token): on the guests role they would do nothing, so the role editor does not offer them there
 * and the server refuses them.
 */
export const MEMBER_ONLY_PERMISSIONS: ReadonlySet<string> = new Set([
  'files.create', 'api.access', 'videos.create', 'videos.rate', 'lists.create', 'reviews.create', 'comments.create',
]);

/** Permissions the seeded default roles start with. */
export const DEFAULT_USER_PERMISSIONS = [
  'users.view', 'files.create', 'api.access', 'titles.view', 'seasons.view', 'episodes.view', 'people.view', 'videos.view',
  'videos.rate', 'title_tags.view', 'images.view', 'lists.view', 'lists.create', 'channels.view', 'news.view', 'reviews.view',
  'reviews.create', 'comments.view', 'comments.create', 'plans.view', 'custom_pages.view',
];
export const DEFAULT_GUEST_PERMISSIONS = [
  'titles.view', 'seasons.view', 'episodes.view', 'people.view', 'videos.view', 'title_tags.view', 'images.view', 'lists.view',
  'channels.view', 'news.view', 'reviews.view', 'comments.view', 'plans.view', 'custom_pages.view',
];

/** A role's or user's grant of one permission, with its restriction values. */
export interface PermissionGrant {
  name: string;
  restrictions?: { name: string; value?: boolean | number }[];
}

/** Whether a set of effective permission names allows `name`; `admin` allows everything. */
export function can(perms: Iterable<string>, name: string): boolean {
  const set = perms instanceof Set ? perms : new Set(perms);
  return set.has('admin') || set.has(name);
}
