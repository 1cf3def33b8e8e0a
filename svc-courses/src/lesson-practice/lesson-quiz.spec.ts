import { LESSON_PRACTICE_MESSAGES } from '@masar/contracts';
import { answersOfQuiz, buildLessonQuiz, gradeAttempt, QuizInputError, questionsForLearner, withoutAnswers } from './lesson-quiz';

const LESSON_ID = '0d8f4a52-7c1e-4b0a-9a57-5a8e2f1c3b11';
const QUIZ = [
  '1. Who orders the Product Backlog?\nAnswer: The Product Owner.\nExplanation: One accountable person keeps priorities clear.',
  '2. Who decides how the work in a sprint is done?\nAnswer: The Developers.\nExplanation: The people doing the work own the plan.',
  '3. Does Agile mean no planning?\nAnswer: No.\nExplanation: Agile teams plan continuously.',
  "4. What is the Scrum Master's main accountability?\nAnswer: The effectiveness of the Scrum team.\nExplanation: Coaching, not assigning tasks.",
].join('\n\n');

describe('buildLessonQuiz', () => {
  it('offers the correct answer among the quiz’s other answers, without duplicates, in a stable order', () => {
    const quiz = buildLessonQuiz(LESSON_ID, QUIZ, []);
    expect(quiz.map((question) => question.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    const first = quiz[0];
    expect(first.options.map((option) => option.text).sort()).toEqual(
      ['The Developers.', 'The Product Owner.', 'The effectiveness of the Scrum team.'].sort(),
    );
    expect(first.options.find((option) => first.correctOptionIds.includes(option.id))?.text).toBe('The Product Owner.');
    expect(first.explanation).toBe('One accountable person keeps priorities clear.');
    expect(buildLessonQuiz(LESSON_ID, QUIZ, [])).toEqual(quiz);
    for (const question of quiz) expect(new Set(question.options.map((option) => option.text)).size).toBe(question.options.length);
  });

  it('gives a yes/no answer its opposite, and tops up wrong options from the course’s other quizzes', () => {
    const quiz = buildLessonQuiz(LESSON_ID, QUIZ, ['One month.', 'The working increment.', 'The Developers.']);
    expect(quiz[2].options.map((option) => option.text).sort()).toEqual(['No.', 'Yes.']);
    expect(quiz[0].options).toHaveLength(4);
    expect(quiz[0].options.map((option) => option.text)).not.toContain('No.');
  });

  it('uses a question’s own lettered options and the letter its answer names', () => {
    const [question] = buildLessonQuiz(LESSON_ID, '1. Pick the colour of the sky\nA) Red\nB) Blue\nC) Green\nAnswer: B', []);
    expect(question.options.map((option) => option.text).sort()).toEqual(['Blue', 'Green', 'Red']);
    expect(question.options.find((option) => question.correctOptionIds.includes(option.id))?.text).toBe('Blue');
  });

  it('reads Arabic option letters, and an answer that names its option by letter and text', () => {
    const [arabic] = buildLessonQuiz(LESSON_ID, '١. اختر لون السماء\nأ) أحمر\nب) أزرق\nالإجابة: ب', []);
    expect(arabic.options.find((option) => arabic.correctOptionIds.includes(option.id))?.text).toBe('أزرق');
    expect(arabic.multiple).toBe(false);
    const [lettered] = buildLessonQuiz(LESSON_ID, '1. Pick the colour of the sky\nA) Red\nB) Blue\nAnswer: B) Blue', []);
    expect(lettered.options.find((option) => lettered.correctOptionIds.includes(option.id))?.text).toBe('Blue');
  });

  it('keeps a question with several right options as "select all that apply", with all its options', () => {
    const [colours] = buildLessonQuiz(LESSON_ID, '1. Pick the primary colours\nA) Red\nB) Green\nC) Blue\nD) Purple\nAnswer: A and C', []);
    expect(colours.multiple).toBe(true);
    expect(colours.options.map((option) => option.text).sort()).toEqual(['Blue', 'Green', 'Purple', 'Red']);
    expect(colours.correctOptionIds.map((id) => colours.options.find((option) => option.id === id)?.text).sort()).toEqual(['Blue', 'Red']);
    const [marked] = buildLessonQuiz(LESSON_ID, '1. Which are Scrum events?\n- [x] Sprint Review\n- [ ] Burndown chart\n- [x] Daily Scrum', []);
    expect(marked.multiple).toBe(true);
    expect(marked.correctOptionIds).toHaveLength(2);
    const [arabic] = buildLessonQuiz(LESSON_ID, '١. اختر الألوان الأساسية\nأ) أحمر\nب) أخضر\nج) أزرق\nالإجابة: أ و ج', []);
    expect(arabic.multiple).toBe(true);
    expect(arabic.correctOptionIds.map((id) => arabic.options.find((option) => option.id === id)?.text).sort()).toEqual(['أحمر', 'أزرق'].sort());
  });

  it('leaves out a question whose answer names an option it does not offer, or whose options are all right', () => {
    expect(buildLessonQuiz(LESSON_ID, '1. Pick the primary colours\nA) Red\nB) Green\nAnswer: A and E', [])).toEqual([]);
    expect(buildLessonQuiz(LESSON_ID, '1. Pick the primary colours\nA) Red\nB) Blue\nAnswer: A and B', [])).toEqual([]);
  });

  it('leaves out questions that cannot be fair: no answer, or nothing wrong to offer', () => {
    expect(buildLessonQuiz(LESSON_ID, '1. What is a hazard?\nAnswer: \n\n2. Anything else?', [])).toEqual([]);
    expect(buildLessonQuiz(LESSON_ID, '1. What is a hazard?\nAnswer: Anything that can cause harm.', [])).toEqual([]);
    expect(buildLessonQuiz(LESSON_ID, 'Read the lesson and think about it.', [])).toEqual([]);
  });

  it('reads Arabic quizzes', () => {
    const quiz = buildLessonQuiz(LESSON_ID, '١. ما هو الخطر؟\nالإجابة: أي شيء قد يسبب الضرر.\nالشرح: كما ورد في الدرس.\n\n٢. صواب أم خطأ: الخطر هو الضرر.\nالإجابة: خطأ.', ['احتمال وقوع الضرر.']);
    expect(quiz).toHaveLength(2);
    expect(quiz[0].explanation).toBe('كما ورد في الدرس.');
    expect(quiz[1].options.map((option) => option.text).sort()).toEqual(['خطأ.', 'صواب.'].sort());
  });

  it('shows learners no answer', () => {
    const shown = JSON.stringify(questionsForLearner(buildLessonQuiz(LESSON_ID, QUIZ, [])));
    expect(shown).not.toMatch(/correct|explanation|One accountable/i);
  });
});

describe('gradeAttempt', () => {
  const quiz = buildLessonQuiz(LESSON_ID, QUIZ, []);
  const right = quiz.map((question) => ({ questionId: question.id, optionId: question.correctOptionIds[0] }));
  const wrongOption = (index: number) => quiz[index].options.find((option) => !quiz[index].correctOptionIds.includes(option.id))!.id;

  it('passes at 70% and more, counting unanswered questions as wrong', () => {
    expect(gradeAttempt(quiz, right)).toMatchObject({ correctCount: 4, questionCount: 4, score: 100, passed: true });
    const threeRight = [...right.slice(0, 3), { questionId: 'q4', optionId: wrongOption(3) }];
    expect(gradeAttempt(quiz, threeRight)).toMatchObject({ correctCount: 3, score: 75, passed: true });
    const graded = gradeAttempt(quiz, right.slice(0, 2));
    expect(graded).toMatchObject({ correctCount: 2, score: 50, passed: false });
    expect(graded.questions[3]).toMatchObject({ chosenOptionId: null, chosenOptionIds: [], correct: false, correctOptionIds: quiz[3].correctOptionIds });
  });

  it('refuses answers the quiz cannot take', () => {
    expect(() => gradeAttempt(quiz, [{ questionId: 'q9', optionId: 'a' }])).toThrow(new QuizInputError(LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION));
    expect(() => gradeAttempt(quiz, [{ questionId: 'q1', optionId: 'z' }])).toThrow(LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION);
    expect(() => gradeAttempt(quiz, [right[0], right[0]])).toThrow(LESSON_PRACTICE_MESSAGES.DUPLICATE_QUESTION);
    expect(() => gradeAttempt(quiz, [{ questionId: 'q1', optionIds: ['a', 'b'] }])).toThrow(LESSON_PRACTICE_MESSAGES.ONE_OPTION_ONLY);
    expect(() => gradeAttempt(quiz, [{ questionId: 'q1', optionIds: ['a', 'a'] }])).toThrow(LESSON_PRACTICE_MESSAGES.DUPLICATE_OPTION);
    expect(() => gradeAttempt(quiz, [{ questionId: 'q1', optionIds: [] }])).toThrow(LESSON_PRACTICE_MESSAGES.EMPTY_SELECTION);
  });

  it('grades a "select all that apply" question by the exact set of options, and shows every right one', () => {
    const [multi] = buildLessonQuiz(LESSON_ID, '1. Pick the primary colours\nA) Red\nB) Green\nC) Blue\nD) Purple\nAnswer: A and C', []);
    const wrong = multi.options.filter((option) => !multi.correctOptionIds.includes(option.id)).map((option) => option.id);
    const exact = gradeAttempt([multi], [{ questionId: 'q1', optionIds: [...multi.correctOptionIds].reverse() }]);
    expect(exact).toMatchObject({ correctCount: 1, passed: true });
    expect(exact.questions[0]).toMatchObject({ multiple: true, correct: true, correctOptionIds: [...multi.correctOptionIds].sort() });
    expect(gradeAttempt([multi], [{ questionId: 'q1', optionIds: [multi.correctOptionIds[0]] }]).questions[0].correct).toBe(false);
    expect(gradeAttempt([multi], [{ questionId: 'q1', optionIds: [...multi.correctOptionIds, wrong[0]] }]).questions[0].correct).toBe(false);
    expect(() => gradeAttempt([multi], [{ questionId: 'q1', optionIds: ['a', 'z'] }])).toThrow(LESSON_PRACTICE_MESSAGES.UNKNOWN_OPTION);
  });
});

describe('withoutAnswers and answersOfQuiz', () => {
  it('drops answer and explanation lines and correct-option marks', () => {
    const text = withoutAnswers(`${QUIZ}\n\n5. Pick one\nA) Red (correct)\nB) Blue\n- [x] Green`);
    expect(text).not.toMatch(/Answer:|Explanation:|Product Owner\.|\(correct\)|\[x\]/);
    expect(text).toContain('1. Who orders the Product Backlog?');
    expect(text).toContain('A) Red');
  });

  it('lists a quiz’s answers, leaving out yes/no ones', () => {
    expect(answersOfQuiz(QUIZ)).toEqual(['The Product Owner.', 'The Developers.', 'The effectiveness of the Scrum team.']);
  });
});
