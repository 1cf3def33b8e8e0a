import { checkLessonLength, MIN_LESSON_LENGTH } from './lesson-length.check';
import { courseFactory, lessonFactory, moduleFactory } from './quality-course.factory';

describe('checkLessonLength', () => {
  it('passes lessons long enough for their type', () => {
    expect(checkLessonLength(courseFactory()).every((result) => result.passed)).toBe(true);
  });

  it('fails a reading under 150 words, a video under 80 and a quiz under 3 questions', () => {
    const shortReading = lessonFactory({ content: 'Too short to teach anything. '.repeat(10) });
    const shortVideo = lessonFactory({ type: 'video', content: 'Watch the demonstration.' });
    const shortQuiz = lessonFactory({ type: 'quiz', content: '1. What is a hazard?\nAnswer: Anything that can cause harm.' });
    const okVideo = lessonFactory({ type: 'video', content: 'word '.repeat(MIN_LESSON_LENGTH.video.amount) });
    const results = checkLessonLength(courseFactory({ modules: [moduleFactory({ lessons: [shortReading, shortVideo, shortQuiz, okVideo] })] }));
    expect(results.map((result) => result.passed)).toEqual([false, false, false, true]);
    expect(results[0]).toMatchObject({ lessonId: shortReading.id, severity: 'major' });
    expect(results[0].message).toBe('The reading lesson "Spotting Hazards" has 50 words; a reading lesson needs at least 150.');
    expect(results[2].message).toContain('has 1 questions; a quiz lesson needs at least 3');
  });
});
