import { generateLessonImageBodySchema, illustrationFileName, LESSON_ILLUSTRATION_MESSAGES } from './lesson-illustrations';

describe('illustrationFileName', () => {
  it('lowercases the title and replaces every character that is not a letter or digit with an underscore', () => {
    expect(illustrationFileName('Pivot Tables: Step by Step!')).toBe('pivot_tables__step_by_step__explanation.png');
    expect(illustrationFileName('IFRS 15 / Revenue')).toBe('ifrs_15___revenue_explanation.png');
  });

  it('keeps Arabic letters, which are letters too', () => {
    expect(illustrationFileName('مصدر الخطر: المفاهيم')).toBe('مصدر_الخطر__المفاهيم_explanation.png');
  });
});

describe('generateLessonImageBodySchema', () => {
  const lesson = { title: 'Pivot tables', content: 'A pivot table summarises rows.', lessonSummary: 'A pivot table summarises rows.' };

  it('accepts the spec’s body and defaults the key points', () => {
    expect(generateLessonImageBodySchema.parse(lesson)).toEqual({ ...lesson, keyPoints: [], skills: [] });
  });

  it('refuses text that only looks like something: spaces, zero-width and direction marks', () => {
    const result = generateLessonImageBodySchema.safeParse({ ...lesson, content: ' \u200b\u200e\u00a0' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(LESSON_ILLUSTRATION_MESSAGES.contentBlank);
    expect(generateLessonImageBodySchema.safeParse({ ...lesson, title: '\u2060' }).error?.issues[0].message).toBe(LESSON_ILLUSTRATION_MESSAGES.titleBlank);
  });

  it('refuses a text over the limit and more than 12 key points', () => {
    expect(generateLessonImageBodySchema.safeParse({ ...lesson, content: 'x'.repeat(20_001) }).error?.issues[0].message).toBe(LESSON_ILLUSTRATION_MESSAGES.contentTooLong);
    expect(generateLessonImageBodySchema.safeParse({ ...lesson, keyPoints: Array.from({ length: 13 }, (_, n) => `Point ${n}`) }).success).toBe(false);
  });
});
