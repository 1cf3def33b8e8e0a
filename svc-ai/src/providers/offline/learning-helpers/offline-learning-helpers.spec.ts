import { HAZARD_LESSON, helperRequest, PIVOT_LESSON } from '../../../../test/support/helper-request.factory';
import { seedLesson } from '../../../../test/support/seed-lessons';
import { QueryExpander } from '../../../search/query-expander';
import { loadTaxonomy } from '../../../skills/taxonomy/taxonomy';
import { OfflineLearningHelpers } from './offline-learning-helpers';

const helpers = new OfflineLearningHelpers(QueryExpander.fromTaxonomy(loadTaxonomy()));
const pivots = seedLesson(...PIVOT_LESSON).lesson;
const hazards = seedLesson(...HAZARD_LESSON).lesson;
const ARABIC_LETTERS = /[\u0600-\u06FF]/;

describe('OfflineLearningHelpers on seed lessons', () => {
  it('summarizes with the passage’s key sentences and its key points, under headings in the request language', () => {
    const english = helpers.runNow(helperRequest('summarize', ...PIVOT_LESSON));
    expect(english).toMatch(/^## Smart summary: Pivot tables step by step\n/);
    expect(english).toContain('### In brief');
    expect(english).toContain('A pivot table summarises thousands of rows in seconds without writing formulas.');
    for (const point of pivots.keyPoints) expect(english).toContain(`- ${point}`);
    expect(english).toContain('Pivot Tables');

    const arabic = helpers.runNow(helperRequest('summarize', ...HAZARD_LESSON));
    expect(arabic).toMatch(/^## الملخص الذكي: /);
    expect(arabic).toContain('### النقاط الرئيسية');
    expect(arabic).toContain(hazards.keyPoints[0]);
    // An English passage asked for in Arabic: Arabic framing, the passage quoted as it is.
    const asked = helpers.runNow(helperRequest('summarize', ...PIVOT_LESSON, { language: 'ar' }));
    expect(asked).toContain('### باختصار');
    expect(asked).toContain('A pivot table summarises thousands of rows');
  });

  it('writes 3 to 5 questions from the passage, right answers its words, wrong options from related lessons, answers at the end', () => {
    const request = helperRequest('generate_quiz', ...PIVOT_LESSON);
    const quiz = helpers.runNow(request);
    const questions = [...quiz.matchAll(/^\*\*(\d)\.\*\* (.+)$/gm)];
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(5);
    const answers = quiz.slice(quiz.indexOf('### Answers'));
    const related = request.relatedLessons.flatMap((lesson) => [...lesson.keyPoints, lesson.lessonTitle]).join(' ');
    for (const [, number] of questions) {
      const answer = new RegExp(`^${number}\\. ([A-D])\\) (\\S+) — (.+)$`, 'm').exec(answers);
      expect(answer).not.toBeNull();
      const [, letter, word, statement] = answer!;
      expect(pivots.content + pivots.keyPoints.join(' ')).toContain(statement);
      expect(statement).toContain(word);
      const block = quiz.slice(quiz.indexOf(`**${number}.**`)).split('\n\n')[1].split('\n');
      expect(block).toContain(`- ${letter}) ${word}`);
      for (const option of block.filter((line) => !line.endsWith(`) ${word}`))) expect(related).toContain(option.slice(5));
    }
  });

  it('writes an Arabic quiz from an Arabic lesson', () => {
    const quiz = helpers.runNow(helperRequest('generate_quiz', ...HAZARD_LESSON));
    expect(quiz).toMatch(/^## اختبار المعرفة: /);
    expect(quiz).toContain('### الإجابات');
    expect([...quiz.matchAll(/^- [A-D]\) (.+)$/gm)].every(([, option]) => ARABIC_LETTERS.test(option))).toBe(true);
  });

  it('analyses the concepts with their taxonomy neighbours and the courses that go deeper, or says there are none', () => {
    const deeper = { title: 'Financial Modelling in Excel', level: 'advanced', skills: ['Microsoft Excel', 'Financial Modelling'] };
    const analysis = helpers.runNow(helperRequest('deep_analysis', ...PIVOT_LESSON, { deeperCourses: [deeper] }));
    expect(analysis).toContain('- **Pivot Tables** (skill) — A pivot table summarises thousands of rows in seconds without writing formulas.');
    expect(analysis).toContain('**Pivot Tables** is part of **Microsoft Excel**.');
    expect(analysis).toContain('- **Financial Modelling in Excel** (advanced) — Microsoft Excel, Financial Modelling');
    expect(helpers.runNow(helperRequest('deep_analysis', ...PIVOT_LESSON))).toContain('No course in your library goes deeper on these skills yet.');
    const arabic = helpers.runNow(helperRequest('deep_analysis', ...HAZARD_LESSON));
    expect(arabic).toContain('**الصحة والسلامة المهنية** (مهارة)');
    expect(arabic).toContain('لا توجد في مكتبتك بعدُ دورة تتعمق أكثر');
  });

  it('sets scenarios in the learner’s job role, or says they are general and how to make them personal', () => {
    const withRole = helpers.runNow(helperRequest('creative_scenarios', ...PIVOT_LESSON, { jobRole: 'HR Analyst' }));
    expect(withRole).toMatch(/^## Creative thinking for your role \(HR Analyst\)/);
    expect(withRole).toContain(`In your role as HR Analyst, you meet a situation where this idea from the lesson applies: “${pivots.keyPoints[0]}”`);
    expect(withRole).toContain(pivots.activities[0]);
    const general = helpers.runNow(helperRequest('creative_scenarios', ...HAZARD_LESSON));
    expect(general).toContain('هذه السيناريوهات عامة لأن دورك الوظيفي غير معروف بعد');
    expect(general).toContain(hazards.activities[0]);
  });

  it('draws the concepts as a nested outline: lesson, concepts, their key points and related skills', () => {
    const outline = helpers.runNow(helperRequest('visual_explanation', ...PIVOT_LESSON));
    expect(outline).toContain('- **Pivot tables step by step**\n  - **Pivot Tables**\n    - Pivot tables summarise data with Rows, Columns, Values and Filters');
    expect(outline).toContain('Related skills: Microsoft Excel (broader)');
    for (const point of pivots.keyPoints) expect(outline).toContain(`    - ${point}`);
  });

  it('builds exercises from the lesson’s activities, with steps and what to check', () => {
    const practice = helpers.runNow(helperRequest('practical_exercises', ...HAZARD_LESSON));
    expect(practice).toMatch(/^## التطبيق العملي: /);
    expect(practice).toContain(`### التمرين 1: ${hazards.activities[0]}`);
    expect(practice).toContain('**الخطوات**');
    expect(practice).toContain('**تحقق من نتيجتك**');
    expect(practice).toMatch(/- \[ \] /);
  });
});
