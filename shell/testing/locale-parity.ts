type Flattened = Map<string, unknown>;

function flatten(value: unknown, prefix = '', into: Flattened = new Map()): Flattened {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const LATIN_WORD = /[A-Za-z]{2,}/;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** i18next's plural forms: Arabic has all six, English only `_one` and `_other`. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** An Arabic-only plural form (`_zero`, `_two`, `_few`, `_many`) of a key English pluralises too. */
function isArabicOnlyPluralForm(key: string, english: Flattened): boolean {
  return PLURAL_FORM.test(key) && english.has(key.replace(PLURAL_FORM, '_other'));
}

function placeholdersOf(text: string): string {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort().join(',');
}

/**
 * Compares an English and an Arabic locale file. Reports keys missing on either side,
 * Arabic values left as the English copy, Arabic values with no Arabic letter (a
 * transliteration or a forgotten string), and differing {{placeholders}}.
 */
export function findLocaleProblems(en: unknown, ar: unknown): string[] {
  const english = flatten(en);
  const arabic = flatten(ar);
  const problems: string[] = [];

  for (const key of english.keys()) if (!arabic.has(key)) problems.push(`missing in ar: ${key}`);
  for (const key of arabic.keys()) if (!english.has(key) && !isArabicOnlyPluralForm(key, english)) problems.push(`missing in en: ${key}`);

  for (const [key, englishValue] of english) {
    const arabicValue = arabic.get(key);
    if (typeof englishValue !== 'string' || typeof arabicValue !== 'string') {
      if (arabic.has(key) && typeof englishValue !== typeof arabicValue) problems.push(`type differs: ${key}`);
      continue;
    }
    if (arabicValue.trim().length === 0) problems.push(`empty in ar: ${key}`);
    // Words inside {{placeholders}} are never shown, so they do not count as text.
    if (LATIN_WORD.test(englishValue.replace(PLACEHOLDER, ''))) {
      if (arabicValue === englishValue) problems.push(`untranslated in ar: ${key}`);
      else if (!ARABIC_LETTER.test(arabicValue)) problems.push(`no Arabic text in ar: ${key}`);
    }
    // A plural form other than `_other` may spell its number out (Arabic «عمل واحد», "one").
    const countSpelledOut = PLURAL_FORM.test(key) && !key.endsWith('_other');
    if (!countSpelledOut && placeholdersOf(englishValue) !== placeholdersOf(arabicValue)) problems.push(`placeholders differ: ${key}`);
  }
  return problems;
}
