import { checkPlaceholderText, placeholderIn } from './placeholder-text.check';
import { courseFactory, lessonFactory, moduleFactory, SOUND_READING } from './quality-course.factory';

describe('placeholderIn', () => {
  it.each([
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
    'This lesson is a placeholder until the trainer writes it.',
    '[Placeholder: add the safety video]',
    'Content goes here.',
    'Section three: TBD.',
    'Coming soon!',
    'Edit it.',
    'Click to edit the text',
    'نص تجريبي يوضع مكان المحتوى.',
    'قريبًا',
    'Check every exit before you leave. Check every exit before you leave. Check every exit before you leave.',
    'test test test test',
  ])('finds placeholder or filler in "%s"', (text) => {
    expect(placeholderIn(text)).not.toBeNull();
  });

  it.each([
    SOUND_READING,
    'Use parameterised queries, where the SQL text contains placeholders, such as WHERE email = $1.',
    'Light grey placeholder text on white often fails contrast checks.',
    'Write a first draft of the report, then edit it to fit one page.',
    'سيصل المدير قريباً إلى الاجتماع لمناقشة الخطة.',
  ])('leaves ordinary text alone: "%s"', (text) => {
    expect(placeholderIn(text)).toBeNull();
  });
});

describe('checkPlaceholderText', () => {
  it('passes a course with no placeholder anywhere', () => {
    expect(checkPlaceholderText(courseFactory()).every((result) => result.passed)).toBe(true);
  });

  it('fails the lesson that holds one, and the course fields when they do', () => {
    const filler = lessonFactory({ title: 'Draft', content: `${SOUND_READING}\n\nLorem ipsum dolor sit amet.` });
    const module = moduleFactory({ lessons: [lessonFactory(), filler] });
    const results = checkPlaceholderText(courseFactory({ description: 'Coming soon', modules: [module] }));
    const failed = results.filter((result) => !result.passed);
    expect(failed.map((result) => result.lessonId ?? 'course')).toEqual(['course', filler.id]);
    expect(failed[1]).toMatchObject({ check: 'placeholder-text', severity: 'major', moduleId: module.id });
    expect(failed[1].message).toContain('lorem ipsum');
  });
});
