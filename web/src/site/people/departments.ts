import { trans } from '../../lib/i18n';

/**
 * TMDb's department names (credits' department, people's "known for") with literal trans() keys; credits call the
 * cast "Actors", people are known for "Acting". An unknown one prints as stored.
 */
const DEPARTMENTS = new Map<string, () => string>([
  ['Actors', () => trans('Acting')], ['Acting', () => trans('Acting')], ['Directing', () => trans('Directing')], ['Writing', () => trans('Writing')],
  ['Production', () => trans('Production')], ['Camera', () => trans('Camera')], ['Editing', () => trans('Editing')],
  ['Sound', () => trans('Sound')], ['Art', () => trans('Art')], ['Costume & Make-Up', () => trans('Costume & Make-Up')],
  ['Crew', () => trans('Crew')], ['Visual Effects', () => trans('Visual Effects')], ['Lighting', () => trans('Lighting')], ['Creator', () => trans('Creator')],
]);

export const departmentLabel = (d: string | null | undefined): string => (d ? DEPARTMENTS.get(d)?.() ?? d : '');
