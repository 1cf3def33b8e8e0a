import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@masar/contracts';
import commonEn from '../locales/en/common.json';
import commonAr from '../locales/ar/common.json';

export type { Language };
export type Direction = 'ltr' | 'rtl';
export type TranslationBundle = Record<string, unknown>;

/** localStorage key that keeps the chosen language (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'masar.language';
export const DEFAULT_LANGUAGE: Language = 'en';
const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'ar'];

/** Each language named in itself, so both read right whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage can be blocked (privacy settings); the default language still works
  }
}

/** The stored choice, or null when the visitor never chose. */
export function readStoredLanguage(): Language | null {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

function reflectOnDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.title = i18n.t('common:appName', { lng: language });
}

/**
 * The ONE i18next instance of the portal. Remotes never create another: they add their
 * namespace with {@link registerTranslations}.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { common: commonEn }, ar: { common: commonAr } },
  lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

let reflectingOnDocument = false;

/**
 * Keeps `<html lang dir>` and the title in the active language from now on. Called by the pages
 * Masar owns (the landing page, the portal, a module framed alone), never at import: masar.js runs
 * inside another site's page, whose document is not Masar's to change. Calling it again does nothing.
 */
export function reflectLanguageOnDocument(): void {
  if (reflectingOnDocument) return;
  reflectingOnDocument = true;
  reflectOnDocument(currentLanguage());
  i18n.on('languageChanged', (language) => {
    if (isLanguage(language)) reflectOnDocument(language);
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches every visible string, `<html lang dir>`, and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  // The strings of that language first, so nothing shows a bare key in between.
  await translationsOf(language);
  await i18n.changeLanguage(language);
}

/** Adds (or replaces) one namespace in both languages, e.g. a remote's `courses.json`. */
export function registerTranslations(namespace: string, bundles: Record<Language, TranslationBundle>): void {
  for (const language of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(language, namespace, bundles[language], true, true);
  }
}

/** One language's strings of a namespace, as a dynamic `import()` of its JSON file gives them. */
export type TranslationLoader = () => Promise<{ default: TranslationBundle }>;

/** The namespaces registered per language, and what each has started to download. */
const translationLoaders = new Map<string, Record<Language, TranslationLoader>>();
const translationDownloads = new Map<string, Promise<void>>();

function loadTranslations(namespace: string, language: Language): Promise<void> {
  const key = `${language}/${namespace}`;
  let download = translationDownloads.get(key);
  if (!download) {
    const loader = translationLoaders.get(namespace)?.[language];
    download =
      i18n.hasResourceBundle(language, namespace) || !loader
        ? Promise.resolve()
        : loader().then((bundle) => {
            i18n.addResourceBundle(language, namespace, bundle.default, true, true);
          });
    // A failed download is tried again next time.
    download.catch(() => translationDownloads.delete(key));
    translationDownloads.set(key, download);
  }
  return download;
}

/** Every namespace registered per language, in `language`. */
function translationsOf(language: Language): Promise<void> {
  return Promise.all([...translationLoaders.keys()].map((namespace) => loadTranslations(namespace, language))).then(() => undefined);
}

/** Languages shown besides the active one: each masar.js element speaks its own `lang`. */
const languagesAlsoShown = new Set<Language>();

/**
 * Keeps every namespace registered per language (now and later) downloaded in `language` too, for a
 * part of the page that speaks another language than the active one (a masar.js element with its
 * own `lang`). Resolves once the namespaces registered so far hold it.
 */
export function keepTranslationsIn(language: Language): Promise<void> {
  languagesAlsoShown.add(language);
  return translationsOf(language);
}

/**
 * Adds a namespace whose languages are chunks of their own (`{ en: () => import('…/en/x.json'), ar: … }`):
 * only the active language downloads, another one when the reader switches to it ({@link changeLanguage}
 * waits for it). Resolves once the active language's strings are in; {@link translationsReady} too.
 */
export function registerTranslationsByLanguage(namespace: string, loaders: Record<Language, TranslationLoader>): Promise<void> {
  translationLoaders.set(namespace, loaders);
  const languages = new Set([currentLanguage(), ...languagesAlsoShown]);
  return Promise.all([...languages].map((language) => loadTranslations(namespace, language))).then(() => undefined);
}

/** Resolves once every namespace registered per language holds the active language's strings. */
export function translationsReady(): Promise<void> {
  return translationsOf(currentLanguage());
}
