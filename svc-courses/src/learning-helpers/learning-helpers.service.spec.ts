import { helperLanguage } from './learning-helpers.service';
import { PassageSource } from './helper-library';

const course = (language: string): PassageSource => ({
  courseId: 'c',
  courseTitle: 'Course',
  moduleTitle: '',
  lessonTitle: '',
  keyPoints: [],
  activities: [],
  skills: [],
  level: null,
  language,
});

describe('helperLanguage', () => {
  it('takes the language asked for over the course’s and the passage’s', () => {
    expect(helperLanguage('ar', course('en'), 'A pivot table summarises rows.')).toBe('ar');
  });

  it('takes the course’s language when none is asked for', () => {
    expect(helperLanguage(undefined, course('ar'), 'Excel pivot tables')).toBe('ar');
  });

  it('reads the passage’s letters without a course, or with a course language helpers do not answer in', () => {
    expect(helperLanguage(undefined, null, 'يلخص الجدول المحوري آلاف الصفوف في Excel')).toBe('ar');
    expect(helperLanguage(undefined, null, 'A pivot table summarises rows.')).toBe('en');
    expect(helperLanguage(undefined, course('fr'), 'يلخص الجدول المحوري آلاف الصفوف')).toBe('ar');
  });
});
