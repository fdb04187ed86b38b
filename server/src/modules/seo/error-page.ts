import { translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { linesOf } from '../localizations/service.ts';
import { seoTags } from './templates.ts';

/** The head of a page that answers 404 or 403: its title as the web app's error page will set it. */
export const ERROR_TEMPLATE = seoTags('{{page_title}} - {{site_name}}', '{{site_description}}', '{{site_image}}', 'website', 'summary');

/** The same headings as web/src/site/ErrorPages.tsx, in the page's language. */
export async function errorPageTitle(ctx: AppContext, status: number, language: string): Promise<string> {
  const lines = await linesOf(ctx, language);
  return status === 403 ? translate(lines, 'You do not have access to this page') : translate(lines, 'Page not found');
}
