import { stringify, type Stringifier } from 'csv-stringify';

/**
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula (and tab or CR can hide such a
 * start): text a user chose (names, descriptions) could then fetch URLs or run commands on the machine of the
 * admin who opens the export. Such cells get a leading `'`, which spreadsheets show as text (OWASP
 * "CSV injection"). Numbers are not strings, so negative numbers stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The one CSV writer of every export: a header row, then rows whose text cells are escaped. */
export function csvStringifier(columns: string[]): Stringifier {
  return stringify({ header: true, columns, cast: { string: safeCsvCell } });
}
