import { AGENT_TASK_STEPS, AGENT_TASK_TITLES, type AgentTaskStepKey, type AgentTaskTitleKey, COURSE_CREATION_STAGE_MESSAGES } from '@masar/contracts';
import { i18n } from '../i18n/i18n';
import { agentTaskStepIn, agentTaskTitleIn } from './task-wording';

const arabicNumber = (value: number) => new Intl.NumberFormat('ar').format(value);

describe("a task's current step in the reader's language", () => {
  it('gives every step a worker writes in Arabic, its counts written for the Arabic reader and the titles as written', () => {
    expect(agentTaskStepIn(AGENT_TASK_STEPS.waiting, 'ar')).toBe('في انتظار البدء');
    expect(agentTaskStepIn(AGENT_TASK_STEPS.findingMaterial('Excel Essentials'), 'ar')).toBe('جارٍ البحث في المكتبة عن مواد حول «Excel Essentials»');
    expect(agentTaskStepIn(AGENT_TASK_STEPS.writingModule(2, 6), 'ar')).toBe(`جارٍ كتابة الوحدة ${arabicNumber(2)} من ${arabicNumber(6)}`);
    expect(agentTaskStepIn(AGENT_TASK_STEPS.writingNamedModule(2, 6, 'Listening First'), 'ar')).toBe(
      `جارٍ كتابة الوحدة ${arabicNumber(2)} من ${arabicNumber(6)}: Listening First`,
    );
    expect(agentTaskStepIn(AGENT_TASK_STEPS.reviewingCourses(11, 20, 34), 'ar')).toBe(
      `جارٍ مراجعة الدورات من ${arabicNumber(11)} إلى ${arabicNumber(20)} من أصل ${arabicNumber(34)}`,
    );
    expect(agentTaskStepIn(AGENT_TASK_STEPS.narratingLesson(3, 12), 'ar')).toBe(`جارٍ إنشاء السرد الصوتي للدرس ${arabicNumber(3)} من ${arabicNumber(12)}`);
    expect(agentTaskStepIn(AGENT_TASK_STEPS.readingModule(1, 4), 'ar')).toBe(`جارٍ قراءة الوحدة ${arabicNumber(1)} من ${arabicNumber(4)}`);
    expect(agentTaskStepIn(AGENT_TASK_STEPS.applyingChanges, 'ar')).toBe('جارٍ تطبيق التغييرات');
  });

  it('keeps a module title that itself reads like a step, and a title with characters a pattern would read as special', () => {
    expect(agentTaskStepIn(AGENT_TASK_STEPS.writingNamedModule(1, 6, 'Part 1 of 2: Writing module 3 of 4'), 'ar')).toBe(
      `جارٍ كتابة الوحدة ${arabicNumber(1)} من ${arabicNumber(6)}: Part 1 of 2: Writing module 3 of 4`,
    );
    expect(agentTaskStepIn(AGENT_TASK_STEPS.findingMaterial('C++ (and $ signs?)'), 'ar')).toBe('جارٍ البحث في المكتبة عن مواد حول «C++ (and $ signs?)»');
  });

  it("gives a course-creation task's stages in Arabic, each told from the others though one could read as another", () => {
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.receivedOne, 'ar')).toBe('استُلم ملف واحد');
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.receivedMany(3), 'ar')).toBe(`استُلمت الملفات (${arabicNumber(3)})`);
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.readingMany(3), 'ar')).toBe(`جارٍ قراءة المستندات (${arabicNumber(3)})`);
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.readingOne('خطة التدريب.pdf'), 'ar')).toBe('جارٍ قراءة خطة التدريب.pdf');
    expect(agentTaskStepIn(AGENT_TASK_STEPS.readingModule(1, 4), 'ar')).toBe(`جارٍ قراءة الوحدة ${arabicNumber(1)} من ${arabicNumber(4)}`);
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.generating(4, 12), 'ar')).toBe(
      `جارٍ كتابة الوحدات (${arabicNumber(4)}) والدروس (${arabicNumber(12)})`,
    );
    expect(agentTaskStepIn(COURSE_CREATION_STAGE_MESSAGES.created, 'ar')).toBe('أُنشئت الدورة');
  });

  it('keeps English, and steps it does not know, as sent', () => {
    expect(agentTaskStepIn(AGENT_TASK_STEPS.writingModule(2, 6), 'en')).toBe('Writing module 2 of 6');
    expect(agentTaskStepIn('Writing module two of six', 'ar')).toBe('Writing module two of six');
    expect(agentTaskStepIn('Processing the files', 'ar')).toBe('Processing the files');
  });

  // The English entries must stay the workers' own words, or the locale files would say one thing and the tasks another.
  it("has an entry for every step and stage, its English word for word the contracts' wording", () => {
    const sample: Record<AgentTaskStepKey, { values: Record<string, string>; wrote: string }> = {
      waiting: { values: {}, wrote: AGENT_TASK_STEPS.waiting },
      findingMaterial: { values: { title: 'SQL' }, wrote: AGENT_TASK_STEPS.findingMaterial('SQL') },
      writingModule: { values: { index: '2', total: '6' }, wrote: AGENT_TASK_STEPS.writingModule(2, 6) },
      writingNamedModule: { values: { index: '2', total: '6', title: 'Joins' }, wrote: AGENT_TASK_STEPS.writingNamedModule(2, 6, 'Joins') },
      savingCourse: { values: {}, wrote: AGENT_TASK_STEPS.savingCourse },
      reviewingCourse: { values: {}, wrote: AGENT_TASK_STEPS.reviewingCourse },
      reviewingCourses: { values: { from: '1', to: '10', total: '34' }, wrote: AGENT_TASK_STEPS.reviewingCourses(1, 10, 34) },
      savingReviews: { values: {}, wrote: AGENT_TASK_STEPS.savingReviews },
      narratingLesson: { values: { index: '3', total: '12' }, wrote: AGENT_TASK_STEPS.narratingLesson(3, 12) },
      summingUp: { values: {}, wrote: AGENT_TASK_STEPS.summingUp },
      readingModule: { values: { index: '1', total: '4' }, wrote: AGENT_TASK_STEPS.readingModule(1, 4) },
      applyingChanges: { values: {}, wrote: AGENT_TASK_STEPS.applyingChanges },
    };
    const creation: Record<keyof typeof COURSE_CREATION_STAGE_MESSAGES, { values: Record<string, string>; wrote: string }> = {
      receivedOne: { values: {}, wrote: COURSE_CREATION_STAGE_MESSAGES.receivedOne },
      receivedMany: { values: { count: '3' }, wrote: COURSE_CREATION_STAGE_MESSAGES.receivedMany(3) },
      readingOne: { values: { fileName: 'plan.pdf' }, wrote: COURSE_CREATION_STAGE_MESSAGES.readingOne('plan.pdf') },
      readingMany: { values: { count: '3' }, wrote: COURSE_CREATION_STAGE_MESSAGES.readingMany(3) },
      chunking: { values: {}, wrote: COURSE_CREATION_STAGE_MESSAGES.chunking },
      analyzing: { values: {}, wrote: COURSE_CREATION_STAGE_MESSAGES.analyzing },
      generating: { values: { modules: '4', lessons: '12' }, wrote: COURSE_CREATION_STAGE_MESSAGES.generating(4, 12) },
      created: { values: {}, wrote: COURSE_CREATION_STAGE_MESSAGES.created },
      cancelled: { values: {}, wrote: COURSE_CREATION_STAGE_MESSAGES.cancelled },
    };
    for (const [key, { values, wrote }] of [...Object.entries(sample), ...Object.entries(creation)]) {
      expect(i18n.t(`common:agentTaskSteps.${key}`, { lng: 'en', ...values })).toBe(wrote);
      expect(i18n.exists(`common:agentTaskSteps.${key}`, { lng: 'ar' })).toBe(true);
      expect(agentTaskStepIn(wrote, 'ar')).not.toBe(wrote);
    }
  });
});

describe("a task's name in the reader's language", () => {
  it('translates the names svc-courses gives, keeping the course or file named as written', () => {
    expect(agentTaskTitleIn({ type: 'quality-review', title: AGENT_TASK_TITLES.qualityReviewOfCourses(45) }, 'ar')).toBe(`مراجعة جودة الدورات (${arabicNumber(45)})`);
    expect(agentTaskTitleIn({ type: 'quality-review', title: AGENT_TASK_TITLES.qualityReviewOfCourse('Python for Data Analysis') }, 'ar')).toBe(
      'مراجعة الجودة: Python for Data Analysis',
    );
    expect(agentTaskTitleIn({ type: 'course-narration', title: AGENT_TASK_TITLES.narration('مهارات التفاوض') }, 'ar')).toBe('السرد الصوتي للدورة: مهارات التفاوض');
    expect(agentTaskTitleIn({ type: 'content-enhancement', title: AGENT_TASK_TITLES.enhancement('SQL Basics') }, 'ar')).toBe('تحسين المحتوى: SQL Basics');
    expect(agentTaskTitleIn({ type: 'course-from-documents', title: AGENT_TASK_TITLES.courseFromFile('onboarding.json') }, 'ar')).toBe('دورة من onboarding.json');
    expect(agentTaskTitleIn({ type: 'course-from-documents', title: AGENT_TASK_TITLES.aiCourseWithMaterials('Onboarding') }, 'ar')).toBe(
      'دورة بالذكاء الاصطناعي مع مواد: Onboarding',
    );
    expect(agentTaskTitleIn({ type: 'course-from-documents', title: AGENT_TASK_TITLES.courseWithMaterials('Course from Scratch') }, 'ar')).toBe(
      'دورة مع مواد: Course from Scratch',
    );
  });

  it("leaves a Ready AI task's name, its course's title, as it is, even one that reads like another task's name", () => {
    expect(agentTaskTitleIn({ type: 'ready-ai-course', title: 'Course from Scratch' }, 'ar')).toBe('Course from Scratch');
    expect(agentTaskTitleIn({ type: 'ready-ai-course', title: 'Quality review: the basics' }, 'ar')).toBe('Quality review: the basics');
    expect(agentTaskTitleIn({ type: 'quality-review', title: 'Quality review of some courses' }, 'ar')).toBe('Quality review of some courses');
    expect(agentTaskTitleIn({ type: 'quality-review', title: AGENT_TASK_TITLES.qualityReviewOfCourses(3) }, 'en')).toBe('Quality review of 3 courses');
  });

  it("has an entry for every name, its English word for word the contracts' wording", () => {
    const sample: Record<AgentTaskTitleKey, { values: Record<string, string>; wrote: string }> = {
      qualityReviewOfCourse: { values: { name: 'SQL' }, wrote: AGENT_TASK_TITLES.qualityReviewOfCourse('SQL') },
      qualityReviewOfCourses: { values: { count: '3' }, wrote: AGENT_TASK_TITLES.qualityReviewOfCourses(3) },
      narration: { values: { name: 'SQL' }, wrote: AGENT_TASK_TITLES.narration('SQL') },
      enhancement: { values: { name: 'SQL' }, wrote: AGENT_TASK_TITLES.enhancement('SQL') },
      courseFromFile: { values: { name: 'a.json' }, wrote: AGENT_TASK_TITLES.courseFromFile('a.json') },
      courseWithMaterials: { values: { name: 'SQL' }, wrote: AGENT_TASK_TITLES.courseWithMaterials('SQL') },
      aiCourseWithMaterials: { values: { name: 'SQL' }, wrote: AGENT_TASK_TITLES.aiCourseWithMaterials('SQL') },
    };
    for (const [key, { values, wrote }] of Object.entries(sample)) {
      expect(i18n.t(`common:agentTaskTitles.${key}`, { lng: 'en', ...values })).toBe(wrote);
      expect(i18n.exists(`common:agentTaskTitles.${key}`, { lng: 'ar' })).toBe(true);
    }
  });
});
