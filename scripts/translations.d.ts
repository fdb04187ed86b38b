/** Folders whose source is scanned for `trans('…')` keys. */
export declare const SOURCE_DIRS: string[];
export declare const ENGLISH_FILE = "contracts/src/locales/en.json";
/** Every translation key in the code, sorted, each mapped to itself (English is the key). */
export declare function collectKeys(root: string): Record<string, string>;
