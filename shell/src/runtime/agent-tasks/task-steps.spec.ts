import { AGENT_TASK_STEPS, type AgentTaskStepKey, COURSE_CREATION_STAGE_MESSAGES } from '@masar/contracts';
import { i18n } from '../i18n/i18n';
import { agentTaskStepIn } from './task-steps';

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
