import { durationIn } from './durations';

const number = (value: number) => new Intl.NumberFormat('ar').format(value);

describe("a duration in the reader's language", () => {
  it('gives a count of one unit in Arabic with its plural form', () => {
    expect(durationIn('20 min', 'ar')).toBe(`${number(20)} دقيقة`);
    expect(durationIn('1 hour', 'ar')).toBe('ساعة واحدة');
    expect(durationIn('2 weeks', 'ar')).toBe('أسبوعان');
    expect(durationIn('3 weeks', 'ar')).toBe(`${number(3)} أسابيع`);
    expect(durationIn('12 weeks', 'ar')).toBe(`${number(12)} أسبوعًا`);
    expect(durationIn('300 hours', 'ar')).toBe(`${number(300)} ساعة`);
    expect(durationIn('8 Sessions', 'ar')).toBe(`${number(8)} جلسات`);
    expect(durationIn('6months', 'ar')).toBe(`${number(6)} أشهر`);
  });

  it('keeps English, and what is more than a count of one unit, as written', () => {
    expect(durationIn('20 min', 'en')).toBe('20 min');
    for (const written of ['3 days + exam', '12–18 months part-time', '60-minute exam', 'Level 1: 20 hours', '٦ أسابيع', 'self-paced', '']) {
      expect(durationIn(written, 'ar')).toBe(written);
    }
  });
});
