export function tmdbRoutes(_app: unknown, _ctx: unknown): void {}
