import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('reads an English posting as English, even with an Arabic company name in it', () => {
    expect(detectLanguage('Masar (مسار) is hiring a Data Analyst with SQL, Python and Power BI experience.')).toBe('en');
  });

  it('reads an Arabic posting as Arabic, even when it names tools in Latin letters', () => {
    expect(detectLanguage('المتطلبات: إتقان SQL وPython وPower BI، وخبرة في Kubernetes وCI/CD.')).toBe('ar');
    expect(detectLanguage('محلل بيانات')).toBe('ar');
  });

  it('falls back to English, the default language, when there are no letters', () => {
    expect(detectLanguage('2026 — 100% / 42')).toBe('en');
    expect(detectLanguage('')).toBe('en');
  });
});
