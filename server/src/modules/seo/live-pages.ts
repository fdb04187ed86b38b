import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { PageRenderer } from './html.ts';

/** How often, at most, the built index.html is looked at for a new build. */
const CHECK_MS = 1000;

/**
 * The page renderer of the index.html now on disk. A rebuild of the web app while the server runs deletes the old
 * build's chunks; a renderer kept from the start would send every new visitor a page asking for files that are gone.
 * A file caught half written (no closing tag yet) is skipped until the next look.
 */
export class LivePages {
  private renderer: PageRenderer;
  private mtime: number;
  private checked = Date.now();

  static open(ctx: AppContext, file: string): LivePages | null {
    return fs.existsSync(file) ? new LivePages(ctx, file) : null;
  }

  private constructor(private ctx: AppContext, private file: string) {
    this.mtime = fs.statSync(file).mtimeMs;
    this.renderer = new PageRenderer(ctx, fs.readFileSync(file, 'utf8'));
  }

  async render(req: FastifyRequest): Promise<string> {
    if (Date.now() - this.checked >= CHECK_MS) await this.reloadIfRebuilt();
    return this.renderer.render(req);
  }

  private async reloadIfRebuilt() {
    this.checked = Date.now();
    try {
      const { mtimeMs } = await fs.promises.stat(this.file);
      if (mtimeMs === this.mtime) return;
      const html = await fs.promises.readFile(this.file, 'utf8');
      if (!/<\/html>\s*$/i.test(html)) return;
      this.renderer = new PageRenderer(this.ctx, html);
      this.mtime = mtimeMs;
    } catch {
      // Gone for a moment mid-build: the page the server has keeps being served.
    }
  }
}
