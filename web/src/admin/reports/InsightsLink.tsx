import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';

/** The "Insights" button on the title, season, episode and video screens (kept out of the report chunk). */
export function InsightsLink({ to }: { to: string }) {
  return <Link to={to} className={buttonClass('outline', 'sm', 'inline-flex items-center gap-1.5')}><BarChart3 size={16} aria-hidden />{trans('Insights')}</Link>;
}
