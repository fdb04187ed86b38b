import { formatDateTime } from '../../lib/format';
import { trans } from '../../lib/i18n';

/**
 * "Edited" beside a comment's or review's date once its text changed after it was posted (by its writer or a
 * moderator); hovering shows when.
 */
export function EditedMark({ createdAt, updatedAt }: { createdAt: string; updatedAt: string }) {
  if (Date.parse(updatedAt) <= Date.parse(createdAt)) return null;
  return (
    <>
      <span aria-hidden>·</span>
      <span title={trans('Edited :date', { date: formatDateTime(updatedAt) })}>{trans('Edited')}</span>
    </>
  );
}
