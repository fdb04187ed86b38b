import fs from 'node:fs';
import path from 'node:path';

/**
 * The built script that holds an app module (`src/...`), as a pattern for `page.route`: small chunks are merged into
 * others at build time (web/vite.config.ts), so a module's script is not named after it.
 */
export function scriptOf(module: string): RegExp {
  const map = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'dist', '.vite', 'module-chunks.json'), 'utf8'));
  const files = Object.entries(map.chunks as Record<string, { modules: string[] }>)
    .filter(([, chunk]) => chunk.modules.includes(module)).map(([file]) => file);
  if (files.length !== 1) throw new Error(`${module} is in ${files.length} built scripts`);
  return new RegExp(`/${files[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
