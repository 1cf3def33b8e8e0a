import { changeLanguage, currentLanguage, i18n, keepTranslationsIn, registerTranslationsByLanguage, translationsReady, type Language } from './i18n';

/** A namespace's per-language loaders that count what was asked for (each an `import()` of a JSON file in the bundles). */
function countingLoaders(strings: Record<Language, Record<string, string>>) {
  const asked: Language[] = [];
  const loaders = {
    en: async () => {
      asked.push('en');
      return { default: strings.en };
    },
    ar: async () => {
      asked.push('ar');
      return { default: strings.ar };
    },
  };
  return { asked, loaders };
}

describe('translations registered one language at a time', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('downloads only the active language, and the other one before switching to it', async () => {
    await changeLanguage('en');
    const { asked, loaders } = countingLoaders({ en: { greeting: 'Welcome' }, ar: { greeting: 'أهلاً' } });

    await registerTranslationsByLanguage('spec-greetings', loaders);
    expect(asked).toEqual(['en']);
    expect(i18n.t('spec-greetings:greeting')).toBe('Welcome');
    expect(i18n.hasResourceBundle('ar', 'spec-greetings')).toBe(false);

    await changeLanguage('ar');
    expect(currentLanguage()).toBe('ar');
    expect(i18n.t('spec-greetings:greeting')).toBe('أهلاً');

    await changeLanguage('en');
    await changeLanguage('ar');
    await translationsReady();
    expect(asked).toEqual(['en', 'ar']);
  });

  it('tries a failed download again instead of keeping the failure', async () => {
    await changeLanguage('en');
    let attempts = 0;
    const loaders = {
      en: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('chunk failed to load');
        return { default: { label: 'Skills' } };
      },
      ar: async () => ({ default: { label: 'المهارات' } }),
    };

    await expect(registerTranslationsByLanguage('spec-retry', loaders)).rejects.toThrow('chunk failed to load');
    await translationsReady();
    expect(attempts).toBe(2);
    expect(i18n.t('spec-retry:label')).toBe('Skills');
  });
});

// Last in the file: a language kept for an element stays kept for the rest of the run.
describe('a language shown besides the active one (a masar.js element with its own lang)', () => {
  it('downloads it for the namespaces registered before and after, while the active language stays', async () => {
    await changeLanguage('en');
    const before = countingLoaders({ en: { title: 'Progress' }, ar: { title: 'التقدّم' } });
    await registerTranslationsByLanguage('spec-kept-before', before.loaders);
    expect(before.asked).toEqual(['en']);

    await keepTranslationsIn('ar');
    expect(before.asked).toEqual(['en', 'ar']);
    const after = countingLoaders({ en: { status: 'In Progress' }, ar: { status: 'قيد التنفيذ' } });
    await registerTranslationsByLanguage('spec-kept-after', after.loaders);
    expect(after.asked.sort()).toEqual(['ar', 'en']);

    expect(currentLanguage()).toBe('en');
    expect(i18n.t('spec-kept-after:status')).toBe('In Progress');
    expect(i18n.t('spec-kept-after:status', { lng: 'ar' })).toBe('قيد التنفيذ');
    expect(i18n.t('spec-kept-before:title', { lng: 'ar' })).toBe('التقدّم');
  });
});
