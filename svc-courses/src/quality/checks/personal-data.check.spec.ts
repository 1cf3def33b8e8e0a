import { checkPersonalData, personalDataIn } from './personal-data.check';
import { courseFactory, lessonFactory, moduleFactory, SOUND_READING } from './quality-course.factory';

describe('personalDataIn', () => {
  it.each([
    ['Write to ahmed.khalid@gmail.com for help.', 'email'],
    ['Call +971 50 123 4567 after hours.', 'phone'],
    ['Call 0501234567 after hours.', 'phone'],
    ['اتصل على ٠٥٠١٢٣٤٥٦٧ بعد الدوام.', 'phone'],
  ])('finds personal data in "%s"', (text, kind) => {
    const found = personalDataIn(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(kind);
    expect(found[0]).not.toContain('ahmed.khalid');
  });

  it.each(['Send it to jane@example.com.', 'The year 2024 saw 1,250,000 visits.', 'Ports 8080 and 5432 stay open.', SOUND_READING])(
    'leaves "%s" alone',
    (text) => {
      expect(personalDataIn(text)).toEqual([]);
    },
  );
});

describe('checkPersonalData', () => {
  it('passes a course without personal data', () => {
    expect(checkPersonalData(courseFactory()).every((result) => result.passed)).toBe(true);
  });

  it('fails the lesson that holds an email address', () => {
    const leaky = lessonFactory({ activities: ['Send your answers to sara.m@company-mail.com'] });
    const results = checkPersonalData(courseFactory({ modules: [moduleFactory({ lessons: [leaky] })] }));
    expect(results.filter((result) => !result.passed)).toEqual([
      expect.objectContaining({ check: 'personal-data', severity: 'critical', lessonId: leaky.id }),
    ]);
  });
});
