import { trans } from '../../lib/i18n';
import { useValueLists } from '../../lib/value-lists';
import { Select } from '../../ui/fields';

interface Props {
  department: string;
  value: string;
  onChange: (job: string) => void;
  error?: string;
}

/**
 * A credit's job, chosen among the jobs TMDb files under the chosen department (the `tmdbDepartments` lookup), so
 * credits made here read like imported ones. A job the lookup does not list (an older or imported credit) stays a choice.
 */
export function JobSelect({ department, value, onChange, error }: Props) {
  const lookups = useValueLists(['tmdbDepartments']);
  const jobs = (lookups.data?.tmdbDepartments ?? []).filter((e) => e.department === department).map((e) => String(e.value));
  const options = jobs.map((job) => ({ value: job, label: job }));
  if (value && !jobs.includes(value)) options.unshift({ value, label: value });
  if (!value) options.unshift({ value: '', label: trans('Choose a job') });
  return <Select label={trans('Job')} options={options} value={value} onChange={(e) => onChange(e.target.value)} error={error} disabled={lookups.isPending} />;
}
