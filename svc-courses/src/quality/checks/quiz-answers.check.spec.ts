import { checkQuizAnswers } from './quiz-answers.check';
import { correctAnswerCount, parseQuiz } from './quiz-format';
import { courseFactory, lessonFactory, moduleFactory, SOUND_QUIZ } from './quality-course.factory';

function quizCourse(content: string) {
  const quiz = lessonFactory({ type: 'quiz', title: 'Module 1 Quiz', content });
  return { quiz, course: courseFactory({ modules: [moduleFactory({ lessons: [lessonFactory(), quiz] })] }) };
}

describe('parseQuiz', () => {
  it('reads the seed catalog, document and Arabic formats', () => {
    expect(parseQuiz('Q1. Which path?\nAnswer: /shipments/5.\nExplanation: …\n\nQ2. Breaking?\nAnswer: No.')).toHaveLength(2);
    expect(parseQuiz(SOUND_QUIZ).map(correctAnswerCount)).toEqual([1, 1, 1]);
    const arabic = parseQuiz('١. ما هو الخطر؟\nالإجابة: أي شيء قد يسبب الضرر.\nالشرح: كما ورد في الدرس.');
    expect(arabic).toEqual([expect.objectContaining({ number: 1, answers: ['أي شيء قد يسبب الضرر.'] })]);
  });

  it('reads lettered options with the answer named or marked', () => {
    const [named, marked] = parseQuiz('1. Pick one\nA) Red\nB) Blue\nAnswer: B\n\n2. Pick again\nA) Red (correct)\nB) Blue');
    expect(named.options.map((option) => option.letter)).toEqual(['A', 'B']);
    expect(correctAnswerCount(named)).toBe(1);
    expect(correctAnswerCount(marked)).toBe(1);
  });
});

describe('checkQuizAnswers', () => {
  it('passes a quiz whose every question has one answer', () => {
    const { course } = quizCourse(SOUND_QUIZ);
    expect(checkQuizAnswers(course)).toEqual([expect.objectContaining({ passed: true, check: 'quiz-answers' })]);
  });

  it('fails two answers, no answer, a missing option and a duplicated option, each on the quiz lesson', () => {
    const { quiz, course } = quizCourse(
      [
        '1. What is a hazard?\nAnswer: Anything that can cause harm.\nAnswer: A risk.',
        '2. Who fixes it?\nAnswer:',
        '3. Pick one\nA) Red\nB) Blue\nAnswer: E',
        '4. Pick again\nA) Mop the spill\nB) mop the spill.\nC) Ignore it\nAnswer: A',
        '5. Which are hazards?\nA) Wet floor\nB) Desk\nC) Loose cable\nAnswer: A and C',
      ].join('\n\n'),
    );
    const results = checkQuizAnswers(course);
    expect(results.every((result) => !result.passed && result.lessonId === quiz.id && result.severity === 'critical')).toBe(true);
    expect(results.map((result) => result.message)).toEqual([
      'In the quiz "Module 1 Quiz", question 1 gives 2 correct answers; it needs exactly one.',
      'In the quiz "Module 1 Quiz", question 2 gives no correct answer.',
      'In the quiz "Module 1 Quiz", question 3 names option E as the answer, but offers no option E.',
      'In the quiz "Module 1 Quiz", question 4 offers the option “mop the spill.” twice.',
      'In the quiz "Module 1 Quiz", question 5 gives 2 correct answers; it needs exactly one.',
    ]);
  });
});
