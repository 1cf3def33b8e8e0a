import {
  AI_FEATURES,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  aiBudgetExceededMessage,
  aiFeatureOffMessage,
  aiProviderNotConfiguredMessage,
  EVENTS_UNAVAILABLE_MESSAGE,
  fileTooLargeMessage,
  NUL_CHARACTER_MESSAGE,
  SERVICE_NAMES,
  serviceUnavailableMessage,
} from '@masar/contracts';
import { i18n } from '../i18n/i18n';
import { argumentsOf, serverMessageIn } from './server-messages';

const resetsAt = new Date('2026-12-01T00:00:00Z');

describe('server messages in the reader\'s language', () => {
  it('translates the refusals any screen can meet into Arabic', () => {
    expect(serverMessageIn(AI_NOTICE_NOT_ACCEPTED_MESSAGE, 'ar')).toBe('اقبل إشعار استخدام الذكاء الاصطناعي قبل أن تستخدم ميزاته');
    expect(serverMessageIn(NUL_CHARACTER_MESSAGE, 'ar')).toBe('لا يمكن أن يحتوي النص على محرف NUL غير المرئي (U+0000): احذفه وحاول مرة أخرى');
    expect(serverMessageIn(EVENTS_UNAVAILABLE_MESSAGE, 'ar')).toBe('مجرى الأحداث غير متاح؛ لم يُحفظ شيء. حاول مرة أخرى بعد قليل.');
    expect(serverMessageIn(aiFeatureOffMessage('narration'), 'ar')).toBe('أوقف المسؤول «السرد الصوتي للدروس» بالذكاء الاصطناعي');
    expect(serverMessageIn(serviceUnavailableMessage('courses'), 'ar')).toBe('خدمة الدورات غير متاحة الآن؛ حاول مرة أخرى بعد قليل');
    expect(serverMessageIn(aiBudgetExceededMessage(0, resetsAt), 'ar')).toBe(
      'لم يمنحك المسؤول أي ميزانية للذكاء الاصطناعي (0 رمز في الشهر)، لذا ميزات الذكاء الاصطناعي متوقفة لك: اطلب منه ميزانية',
    );
  });

  it('writes the figures of a refusal for the reader: the budget, its reset day, a file\'s limit and name', () => {
    const arabic = serverMessageIn(aiBudgetExceededMessage(50_000, resetsAt), 'ar');
    expect(arabic).toBe(
      `استنفدت ميزانيتك الشهرية للذكاء الاصطناعي البالغة ${new Intl.NumberFormat('ar').format(50_000)} رمز. تتجدد في ${new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(resetsAt)}.`,
    );
    expect(arabic).toContain('ديسمبر');
    expect(serverMessageIn(fileTooLargeMessage(2.5 * 1024 * 1024, 'notes.pdf'), 'ar')).toBe(
      `الملف «notes.pdf» كبير جدًا (الحد الأقصى ${new Intl.NumberFormat('ar').format(2.5)} ميغابايت)`,
    );
    expect(serverMessageIn(fileTooLargeMessage(10 * 1024 * 1024), 'ar')).toBe(`الملف كبير جدًا (الحد الأقصى ${new Intl.NumberFormat('ar').format(10)} ميغابايت)`);
  });

  it('keeps what it does not know as sent, and English as sent', () => {
    expect(serverMessageIn('username: This field is required', 'ar')).toBe('username: This field is required');
    expect(serverMessageIn('You have used your monthly AI budget of 10 tokens. It resets on 1 Smarch 2026.', 'ar')).toBe(
      'You have used your monthly AI budget of 10 tokens. It resets on 1 Smarch 2026.',
    );
    expect(serverMessageIn(NUL_CHARACTER_MESSAGE, 'en')).toBe(NUL_CHARACTER_MESSAGE);
  });

  // The English entries sit beside the Arabic ones; they must stay the contracts' own words, or the
  // locale files would say one thing and the servers another.
  it('has English entries that are word for word the contracts\' messages', () => {
    const english = (key: string, values: Record<string, string> = {}) => i18n.t(`common:serverMessages.${key}`, { lng: 'en', ...values });
    for (const feature of AI_FEATURES) {
      const name = i18n.t(`common:aiFeatures.${feature}`, { lng: 'en' });
      expect(english('aiFeatureOff', { feature: name })).toBe(aiFeatureOffMessage(feature));
      expect(english('aiProviderNotConfigured', { feature: name })).toBe(aiProviderNotConfiguredMessage(feature));
    }
    for (const service of SERVICE_NAMES) {
      expect(english('serviceUnavailable', { service: i18n.t(`common:services.${service}`, { lng: 'en' }) })).toBe(serviceUnavailableMessage(service));
    }
    expect(english('aiBudgetExceeded', { tokens: '50,000', date: '1 December 2026' })).toBe(aiBudgetExceededMessage(50_000, resetsAt));
    expect(english('aiNoBudget')).toBe(aiBudgetExceededMessage(0, resetsAt));
    expect(english('nulCharacter')).toBe(NUL_CHARACTER_MESSAGE);
    expect(english('namedFileTooLarge', { name: 'notes.pdf', megabytes: '2.5' })).toBe(fileTooLargeMessage(2.5 * 1024 * 1024, 'notes.pdf'));
    expect(english('fileTooLarge', { megabytes: '10' })).toBe(fileTooLargeMessage(10 * 1024 * 1024));
  });
});

describe('reading back what a wording function was given', () => {
  const damaged = (fileName: string, what: string) => `"${fileName}" is damaged or is not a valid ${what}`;

  it('gives the arguments of a message the function wrote, even with characters a pattern would read as special', () => {
    expect(argumentsOf('"notes (v2).docx" is damaged or is not a valid Word document', damaged)).toEqual(['notes (v2).docx', 'Word document']);
    expect(argumentsOf('File is too large (max 2.5 MB)', (megabytes: number) => `File is too large (max ${megabytes} MB)`)).toEqual(['2.5']);
  });

  it('gives nothing for a message it did not write', () => {
    expect(argumentsOf('"notes.docx" is damaged', damaged)).toBeUndefined();
    expect(argumentsOf('x"notes.docx" is damaged or is not a valid PDF', damaged)).toBeUndefined();
  });
});
