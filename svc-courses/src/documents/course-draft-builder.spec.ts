import { WORKPLACE_SAFETY, WORKPLACE_SAFETY_AR } from '../../test/fixtures/documents/course-content';
import { documentFixture } from '../../test/fixtures/documents/fixture-files';
import { longCoursePdf } from '../../test/fixtures/documents/make-fixtures';
import { readCourseDocument, type CourseDocument, type DocumentSection } from './course-document-reader';
import { buildCourseDraft, MAX_DRAFT_TEXT_CHARACTERS, type LessonDraft, type ModuleDraft } from './course-draft-builder';
import { splitSentences } from './sentence-analysis';

const SECTIONS = WORKPLACE_SAFETY.chapters.flatMap((chapter) => chapter.sections);
const QUIZ_ACTIVITY = 'Answer each question without looking back, then check your answers against the module.';

function document(fileName: string, title: string | null, sections: DocumentSection[]): CourseDocument {
  const characterCount = sections.reduce((sum, section) => sum + section.heading.length + section.paragraphs.join('').length, 0);
  return { fileName, kind: 'docx', title, sections, characterCount };
}

interface QuizQuestion {
  question: string;
  answer: string;
  explanation: string;
}

/** The seed format: "1. Question\nAnswer: …\nExplanation: …", blocks separated by a blank line. */
function questionsOf(quiz: LessonDraft): QuizQuestion[] {
  return quiz.content.split('\n\n').map((block, index) => {
    const match = /^(\d+)\. (.+)\n(?:Answer|الإجابة): (.+)\n(?:Explanation|الشرح): (.+)$/.exec(block);
    if (!match) throw new Error(`Question ${index + 1} is not in the seed format: ${block}`);
    expect(Number(match[1])).toBe(index + 1);
    return { question: match[2], answer: match[3], explanation: match[4] };
  });
}

function contentLessons(module: ModuleDraft): LessonDraft[] {
  return module.lessons.filter((lesson) => lesson.type !== 'quiz');
}

/** Every sentence the module's lessons hold. */
function sentencesOf(module: ModuleDraft): Set<string> {
  return new Set(contentLessons(module).flatMap((lesson) => splitSentences(lesson.content)));
}

/** A key point is a sentence of its lesson, or (over 200 characters) the start of one, marked "…". */
function isFromLesson(point: string, lesson: LessonDraft): boolean {
  return point.endsWith('…') ? lesson.content.includes(point.slice(0, -1)) : splitSentences(lesson.content).includes(point);
}

describe('buildCourseDraft', () => {
  let pdf: CourseDocument;
  let docx: CourseDocument;
  let arabic: CourseDocument;

  beforeAll(async () => {
    pdf = await readCourseDocument(documentFixture('workplace-safety.pdf'), 'workplace-safety.pdf');
    docx = await readCourseDocument(documentFixture('workplace-safety.docx'), 'workplace-safety.docx');
    arabic = await readCourseDocument(documentFixture('workplace-safety-ar.docx'), 'workplace-safety-ar.docx');
  });

  describe('one module per document', () => {
    it('makes the sections lessons at the level that splits the document best (sections of chapters), then a quiz', () => {
      const draft = buildCourseDraft([pdf], { organizeByTopic: false });
      expect(draft.modules).toHaveLength(1);
      const [module] = draft.modules;
      expect(module.title).toBe('Workplace Safety Essentials');
      expect(module.lessons.map((lesson) => lesson.title)).toEqual([
        'Workplace Safety Essentials',
        ...SECTIONS.map((section) => section.heading),
        'Module 1 Quiz: Workplace Safety Essentials',
      ]);
    });

    it("keeps each section's paragraphs, trimmed and joined with blank lines, and cites the section", () => {
      const [module] = buildCourseDraft([pdf], { organizeByTopic: false }).modules;
      const lessons = contentLessons(module);
      lessons.slice(1).forEach((lesson, index) => {
        expect(lesson.content).toBe(SECTIONS[index].paragraphs.join('\n\n'));
        expect(lesson.sources).toEqual([{ origin: 'document', fileName: 'workplace-safety.pdf', section: SECTIONS[index].heading }]);
      });
      expect(lessons[0].content).toBe(WORKPLACE_SAFETY.preamble.join('\n\n'));
    });

    it('names a module after its document, or the file when the document has no title', () => {
      const untitled = document('Ladder Checks.docx', null, [{ heading: 'Ladder Checks', level: 1, paragraphs: [SECTIONS[0].paragraphs[0]] }]);
      const draft = buildCourseDraft([docx, untitled], { organizeByTopic: false });
      expect(draft.modules.map((module) => module.title)).toEqual(['Workplace Safety Essentials', 'Ladder Checks']);
      expect(draft.title).toBe('Workplace Safety Essentials');
    });
  });

  describe('organised by topic', () => {
    it("makes the top-level sections modules and their sections the lessons, each module ending with its quiz", () => {
      const draft = buildCourseDraft([docx], { organizeByTopic: true });
      expect(draft.modules.map((module) => module.title)).toEqual([
        'Workplace Safety Essentials',
        ...WORKPLACE_SAFETY.chapters.map((chapter) => chapter.heading),
      ]);
      WORKPLACE_SAFETY.chapters.forEach((chapter, index) => {
        const module = draft.modules[index + 1];
        expect(module.lessons.map((lesson) => lesson.title)).toEqual([
          ...chapter.sections.map((section) => section.heading),
          `Module ${index + 2} Quiz: ${chapter.heading}`,
        ]);
      });
    });

    it('merges top-level sections with the same heading (ignoring case) from several documents', () => {
      const markdown = document('dynamic.md', 'Dynamic Risk', [
        { heading: '2 RISK ASSESSMENT', level: 1, paragraphs: [] },
        { heading: 'Dynamic Risk Assessment', level: 2, paragraphs: [SECTIONS[3].paragraphs[2]] },
      ]);
      const draft = buildCourseDraft([docx, markdown], { organizeByTopic: true });
      expect(draft.modules.map((module) => module.title)).toEqual([
        'Workplace Safety Essentials',
        '1 Hazard Identification',
        '2 Risk Assessment',
        '3 Incident Reporting',
      ]);
      expect(contentLessons(draft.modules[2]).map((lesson) => lesson.title)).toEqual([
        '2.1 Likelihood and Severity',
        '2.2 The Hierarchy of Controls',
        '2.3 Reviewing Assessments',
        'Dynamic Risk Assessment',
      ]);
      expect(contentLessons(draft.modules[2])[3].sources).toEqual([{ origin: 'document', fileName: 'dynamic.md', section: 'Dynamic Risk Assessment' }]);
    });
  });

  describe('lessons', () => {
    it('are readings, or exercises when the heading says so, timed at 200 words a minute rounded up to 5 minutes', () => {
      const [fromPdf] = buildCourseDraft([pdf], { organizeByTopic: false }).modules;
      const byTitle = new Map(fromPdf.lessons.map((lesson) => [lesson.title, lesson]));
      expect(byTitle.get('1.3 Practice: Hazard Spotting Walk')?.type).toBe('exercise');
      expect(byTitle.get('1.1 What Is a Hazard')?.type).toBe('reading');
      expect(contentLessons(fromPdf).every((lesson) => lesson.duration === '5 min')).toBe(true);

      // The whole course text is about 900 words: 4.6 minutes of reading is "5 min"; twice that, "10 min".
      const paragraphs = SECTIONS.flatMap((section) => section.paragraphs);
      const [once] = buildCourseDraft([document('all.docx', 'All', [{ heading: 'Once', level: 1, paragraphs }])], { organizeByTopic: false }).modules;
      expect(once.lessons[0].duration).toBe('5 min');
      const twice = document('all.docx', 'All', [
        { heading: 'Once', level: 1, paragraphs },
        { heading: 'Twice', level: 2, paragraphs },
      ]);
      const [module] = buildCourseDraft([twice], { organizeByTopic: true }).modules;
      expect(module.lessons[0].duration).toBe('5 min');
      expect(buildCourseDraft([twice], { organizeByTopic: true, maxLessonsPerModule: 2 }).modules[0].lessons[0].duration).toBe('10 min');
    });

    it('have 3 to 5 key points, each a sentence of the lesson, in reading order', () => {
      const draft = buildCourseDraft([pdf, docx], { organizeByTopic: true });
      for (const module of draft.modules) {
        for (const lesson of contentLessons(module)) {
          const sentences = splitSentences(lesson.content);
          expect(lesson.keyPoints.length).toBeGreaterThanOrEqual(Math.min(3, sentences.length - lesson.activities.length));
          expect(lesson.keyPoints.length).toBeLessThanOrEqual(5);
          for (const point of lesson.keyPoints) {
            expect(isFromLesson(point, lesson)).toBe(true);
            expect(point.length).toBeLessThanOrEqual(200);
          }
          const positions = lesson.keyPoints.map((point) => lesson.content.indexOf(point.replace(/…$/, '')));
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        }
      }
    });

    it('prefer sentences that define or state a rule for key points', () => {
      const [module] = buildCourseDraft([pdf], { organizeByTopic: false }).modules;
      const whatIsAHazard = module.lessons.find((lesson) => lesson.title === '1.1 What Is a Hazard');
      expect(whatIsAHazard?.keyPoints).toContain(
        'A hazard is anything in the workplace that has the potential to cause harm, such as a wet floor, an unguarded machine or a stressful workload.',
      );
    });

    it("take as activities the section's instructions to the reader, else one activity built from the heading", () => {
      const [module] = buildCourseDraft([pdf], { organizeByTopic: false }).modules;
      const byTitle = new Map(module.lessons.map((lesson) => [lesson.title, lesson]));
      expect(byTitle.get('1.3 Practice: Hazard Spotting Walk')?.activities).toEqual([
        'Walk through your own work area slowly, including storage rooms, stairs and the kitchen.',
        'List at least five hazards you notice and note which hazard family each one belongs to.',
        'Compare your list with a colleague who did the same walk and discuss any hazards only one of you noticed.',
      ]);
      expect(byTitle.get('2.3 Reviewing Assessments')?.activities).toEqual([
        'Review the assessment with the people who do the work, because they know which controls are actually used and which are skipped under time pressure.',
        'Record the date of each review and the name of the person responsible for every action.',
      ]);
      expect(byTitle.get('1.1 What Is a Hazard')?.activities).toEqual([
        'Summarise "1.1 What Is a Hazard" in your own words and give one example from your work.',
      ]);
    });

    it('drop sections without text', () => {
      const sections: DocumentSection[] = [
        { heading: 'Ladders', level: 1, paragraphs: [SECTIONS[0].paragraphs[0]] },
        { heading: 'Scaffolds', level: 1, paragraphs: [] },
        { heading: 'Roofs', level: 1, paragraphs: [SECTIONS[0].paragraphs[1]] },
      ];
      const [module] = buildCourseDraft([document('height.docx', 'Working at Height', sections)], { organizeByTopic: false }).modules;
      expect(contentLessons(module).map((lesson) => lesson.title)).toEqual(['Ladders', 'Roofs']);
    });

    it('split a section of more than 1,500 words into parts, cut between paragraphs', () => {
      // The course text twice over: about 1,800 words.
      const paragraphs = SECTIONS.flatMap((section) => section.paragraphs);
      const everything = [...paragraphs, ...paragraphs];
      const [module] = buildCourseDraft([document('all.docx', 'Safety', [{ heading: 'The Whole Course', level: 1, paragraphs: everything }])], {
        organizeByTopic: false,
      }).modules;
      const parts = contentLessons(module);
      expect(parts.map((lesson) => lesson.title)).toEqual(['The Whole Course (part 1)', 'The Whole Course (part 2)']);
      expect(parts.map((lesson) => lesson.content).join('\n\n')).toBe(everything.join('\n\n'));
      expect(parts[0].sources).toEqual([{ origin: 'document', fileName: 'all.docx', section: 'The Whole Course' }]);
    });
  });

  describe('limits', () => {
    it('splits at a higher heading level, then merges the smallest neighbouring lessons, to keep within the lessons per module (quiz included), losing no text', () => {
      const [module] = buildCourseDraft([pdf], { organizeByTopic: false, maxLessonsPerModule: 4 }).modules;
      // Nine sections would be too many for three lessons: the chapters are the lessons, the preamble joins the first.
      expect(module.lessons.map((lesson) => lesson.title)).toEqual([
        'Workplace Safety Essentials – 1 Hazard Identification',
        '2 Risk Assessment',
        '3 Incident Reporting',
        'Module 1 Quiz: Workplace Safety Essentials',
      ]);
      const lessons = contentLessons(module);
      const text = lessons.map((lesson) => lesson.content).join('\n\n');
      for (const paragraph of [...WORKPLACE_SAFETY.preamble, ...SECTIONS.flatMap((section) => section.paragraphs)]) {
        expect(text).toContain(paragraph);
      }
      // A chapter's lesson shows the headings of its sections.
      expect(lessons[1].content).toBe(WORKPLACE_SAFETY.chapters[1].sections.map((section) => [section.heading, ...section.paragraphs].join('\n\n')).join('\n\n'));
      expect(lessons[0].content).toContain('\n\n1 Hazard Identification\n\n1.1 What Is a Hazard\n\n');
      expect(lessons[0].sources.map((source) => source.section)).toEqual([WORKPLACE_SAFETY.title, ...WORKPLACE_SAFETY.chapters[0].sections.map((section) => section.heading)]);
    });

    it('merges the smallest neighbouring modules to stay within the module limit', () => {
      const draft = buildCourseDraft([docx], { organizeByTopic: true, maxModules: 2 });
      expect(draft.modules).toHaveLength(2);
      expect(draft.modules.map((module) => module.title).join(' | ')).toMatch(/ – /);
      const text = draft.modules.flatMap((module) => contentLessons(module).map((lesson) => lesson.content)).join('\n\n');
      for (const paragraph of SECTIONS.flatMap((section) => section.paragraphs)) expect(text).toContain(paragraph);
      expect(draft.modules[1].lessons[draft.modules[1].lessons.length - 1].title).toBe(`Module 2 Quiz: ${draft.modules[1].title}`);
    });
  });

  describe('module quizzes', () => {
    it('ask 3 to 5 questions in the seed format, answered and explained by sentences of the module', () => {
      const draft = buildCourseDraft([docx], { organizeByTopic: true });
      for (const module of draft.modules.slice(1)) {
        const quiz = module.lessons[module.lessons.length - 1];
        expect(quiz).toMatchObject({ type: 'quiz', duration: '10 min', activities: [QUIZ_ACTIVITY] });
        const questions = questionsOf(quiz);
        expect(questions.length).toBeGreaterThanOrEqual(3);
        expect(questions.length).toBeLessThanOrEqual(5);
        const sentences = sentencesOf(module);
        for (const { question, answer, explanation } of questions) {
          expect(sentences.has(explanation)).toBe(true);
          if (question.startsWith('Fill in the blank: ')) {
            expect(question.slice('Fill in the blank: '.length).replace('____', answer.replace(/\.$/, ''))).toBe(explanation);
          } else if (question.startsWith('True or false: ')) {
            expect(question).toBe(`True or false: ${explanation}`);
            expect(answer).toBe('True.');
          } else {
            expect(question).toMatch(/^What (is|are) .+\?$/);
            expect(explanation.toLowerCase()).toContain(answer.replace(/\.$/, '').toLowerCase());
          }
        }
        expect(quiz.keyPoints.length).toBeGreaterThan(0);
        expect(quiz.sources.length).toBeGreaterThan(0);
      }
    });

    it('turn definitions into "What is…?" and numbers into blanks', () => {
      const draft = buildCourseDraft([docx], { organizeByTopic: true });
      const incidents = draft.modules.find((module) => module.title === '3 Incident Reporting');
      const questions = questionsOf(incidents!.lessons[incidents!.lessons.length - 1]);
      expect(questions).toContainEqual({
        question: 'What is an incident?',
        answer: 'Any unplanned event that caused, or could have caused, injury, illness or damage.',
        explanation: 'An incident is any unplanned event that caused, or could have caused, injury, illness or damage.',
      });
      expect(questions).toContainEqual({
        question:
          'Fill in the blank: Serious injuries must be reported to a supervisor immediately, and the written report should be completed within ____ hours while memories are fresh.',
        answer: '24.',
        explanation:
          'Serious injuries must be reported to a supervisor immediately, and the written report should be completed within 24 hours while memories are fresh.',
      });
      expect(incidents!.lessons[incidents!.lessons.length - 1].keyPoints).toEqual(expect.arrayContaining(['Incident', 'Near miss']));
    });

    it('are left out of a module with fewer than 2 sentences', () => {
      const tiny = document('note.docx', 'Note', [{ heading: 'Exits', level: 1, paragraphs: ['Keep every fire exit clear of boxes and trolleys at all times.'] }]);
      const [module] = buildCourseDraft([tiny], { organizeByTopic: false }).modules;
      expect(module.lessons.map((lesson) => lesson.type)).toEqual(['reading']);
    });
  });

  describe('Arabic documents', () => {
    it('make modules, lessons, key points, activities and a quiz from the Arabic text', () => {
      const draft = buildCourseDraft([arabic], { organizeByTopic: true });
      expect(draft.title).toBe(WORKPLACE_SAFETY_AR.title);
      expect(draft.modules.map((module) => module.title)).toEqual([WORKPLACE_SAFETY_AR.title, ...WORKPLACE_SAFETY_AR.chapters.map((chapter) => chapter.heading)]);
      const [, hazards, risk] = draft.modules;
      expect(contentLessons(hazards).map((lesson) => lesson.title)).toEqual(['ما هو الخطر؟', 'أنواع المخاطر الشائعة']);
      expect(hazards.lessons[0].keyPoints).toContain('الخطر هو أي شيء في مكان العمل يمكن أن يسبب ضرراً، مثل الأرضية المبللة أو الآلة غير المحمية أو عبء العمل المرهق.');
      for (const lesson of contentLessons(hazards)) {
        expect(lesson.keyPoints.every((point) => isFromLesson(point, lesson))).toBe(true);
      }
      const exercise = risk.lessons.find((lesson) => lesson.title === 'تمرين: تقييم خطر في قسمك');
      expect(exercise?.type).toBe('exercise');
      expect(exercise?.activities).toEqual([
        'اختر خطراً واحداً لاحظته في قسمك هذا الأسبوع.',
        'احسب درجة خطورته باستخدام مصفوفة 5 × 5، ثم ناقش النتيجة مع زميلك واقترحا معاً ضابطاً واحداً يخفضها.',
      ]);
      expect(questionsOf(hazards.lessons[hazards.lessons.length - 1])).toContainEqual({
        question: 'ما هو الخطر؟',
        answer: 'أي شيء في مكان العمل يمكن أن يسبب ضرراً، مثل الأرضية المبللة أو الآلة غير المحمية أو عبء العمل المرهق.',
        explanation: 'الخطر هو أي شيء في مكان العمل يمكن أن يسبب ضرراً، مثل الأرضية المبللة أو الآلة غير المحمية أو عبء العمل المرهق.',
      });
      // Masar's own words around an Arabic document are Arabic too.
      const hazardsQuiz = hazards.lessons[hazards.lessons.length - 1];
      expect(hazardsQuiz.title).toBe(`اختبار الوحدة 2: ${hazards.title}`);
      expect(hazardsQuiz.activities).toEqual(['أجب عن كل سؤال دون الرجوع إلى الدروس، ثم قارن إجاباتك بمحتوى الوحدة.']);
      expect(draft.objective).toBe('في نهاية هذه الدورة ستتمكن من تحديد المخاطر الشائعة وتقييمها وكتابة تقرير واضح عن أي حادث.');
    });
  });

  describe('the course', () => {
    it("takes its title and first two sentences from the first document, the objective from a sentence that states one", () => {
      const draft = buildCourseDraft([docx, pdf], { organizeByTopic: false });
      expect(draft.title).toBe('Workplace Safety Essentials');
      expect(draft.description).toBe(WORKPLACE_SAFETY.preamble[0]);
      expect(draft.objective).toBe(WORKPLACE_SAFETY.preamble[1]);
      expect(draft.modules[0].description).toBe(splitSentences(WORKPLACE_SAFETY.preamble[0])[0]);
    });

    it('has no objective when no sentence states one', () => {
      const plain = document('exits.docx', 'Fire Exits', [{ heading: 'Exits', level: 1, paragraphs: SECTIONS[0].paragraphs }]);
      expect(buildCourseDraft([plain], { organizeByTopic: false }).objective).toBeNull();
    });

    it("keeps the documents' text for skill extraction, at most 200,000 characters", () => {
      const draft = buildCourseDraft([docx], { organizeByTopic: false });
      expect(draft.text).toContain('2.2 The Hierarchy of Controls');
      expect(draft.text).toContain(SECTIONS[4].paragraphs[1]);
      const paragraph = SECTIONS[0].paragraphs[0];
      const huge = document('huge.docx', 'Huge', [{ heading: 'All', level: 1, paragraphs: Array.from({ length: 1000 }, () => paragraph) }]);
      const text = buildCourseDraft([huge], { organizeByTopic: false }).text;
      expect(text.length).toBeLessThanOrEqual(MAX_DRAFT_TEXT_CHARACTERS);
      expect(text.endsWith(paragraph)).toBe(true);
    });

    it('is built from a 30-page PDF, within the limits', async () => {
      const handbook = await readCourseDocument(await longCoursePdf(), 'handbook.pdf');
      const byDocument = buildCourseDraft([handbook], { organizeByTopic: false });
      expect(byDocument.modules).toHaveLength(1);
      expect(byDocument.modules[0].lessons).toHaveLength(10);
      expect(byDocument.modules[0].lessons[0].title).toBe('Unit 1: Hazard Identification');
      const byTopic = buildCourseDraft([handbook], { organizeByTopic: true });
      expect(byTopic.modules.map((module) => module.title)).toEqual(handbook.sections.filter((section) => section.level === 1).map((section) => section.heading));
      for (const module of byTopic.modules) {
        expect(module.lessons).toHaveLength(4);
        expect(module.lessons[3].type).toBe('quiz');
      }
    });
  });
});
