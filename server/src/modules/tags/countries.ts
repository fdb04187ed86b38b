// Countries are tags stored by their ISO code (as imports store them) and shown by their English name.

/**
 * Codes Intl still names that are no country of today: retired ones share a name with their successor (DD and DE are
 * both "Germany", FX and FR "France") and would take it over; the rest are groupings or test regions.
 */
const NOT_COUNTRIES = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** ISO country codes by their English name, lower case ("germany" → "de"), built on first use. */
let countryCodes: Map<string, string> | null = null;
export function countryCodeOf(input: string): string | undefined {
  if (!countryCodes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryCodes = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const shown = names.of(code);
        if (shown && shown !== code && !NOT_COUNTRIES.has(code)) countryCodes.set(shown.toLowerCase(), code.toLowerCase());
      }
    }
  }
  const key = input.toLowerCase();
  return countryCodes.get(key) ?? (key.length === 2 && [...countryCodes.values()].includes(key) ? key : undefined);
}

/** A country's English name by its code ("de" → "Germany"). */
export const countryName = (code: string): string | undefined => new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase());
