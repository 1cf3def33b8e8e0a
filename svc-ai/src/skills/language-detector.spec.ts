import { detectLanguage } from './language-detector';

describe('detectLanguage', () => {
  it.each([
    ['We need a Python developer with SQL.', 'en'],
    ['نبحث عن مطور بايثون لديه خبرة في قواعد البيانات.', 'ar'],
    ['مطلوب مهندس خبرة في Python و Docker و Kubernetes', 'ar'],
    ['Senior engineer for شركة المستقبل, a fintech in Riyadh with 200 engineers.', 'en'],
    ['12345 !!!', 'en'],
  ])('reads "%s" as %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
