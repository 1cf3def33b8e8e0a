import type { LessonType } from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import type { ReviewedCourse, ReviewedLesson, ReviewedModule } from './course-check';

/** A reading passage of about 170 plain words with no problem any check looks for. */
export const SOUND_READING =
  'A hazard is anything at work that could cause harm to people. Common examples include wet floors, loose cables, ' +
  'heavy boxes stored high on shelves and machines without guards. Spotting hazards early is the first habit of a safe ' +
  'team. Walk through your area at the start of each shift and look for anything that has changed since yesterday. ' +
  'Ask the people who do the work every day, because they notice small problems long before anyone else does. ' +
  'When you find a hazard, decide whether you can remove it at once. Mop the spill, tidy the cable or move the box to ' +
  'a lower shelf. If you cannot fix it yourself, mark the area and tell your supervisor straight away. Write down what ' +
  'you saw, where it was and what you did about it. These short notes help the team see patterns over time. A room ' +
  'that keeps flooding or a machine that keeps jamming needs a lasting fix, not another quick clean. Good records make ' +
  'that case for you and keep everyone safer.';

export const SOUND_QUIZ =
  '1. What is a hazard?\nAnswer: Anything at work that could cause harm to people.\nExplanation: The lesson defines it so.\n\n' +
  '2. When should you walk through your area?\nAnswer: At the start of each shift.\nExplanation: Things change overnight.\n\n' +
  '3. What do you do with a hazard you cannot fix?\nAnswer: Mark the area and tell your supervisor.\nExplanation: Someone else must fix it.';

export function lessonFactory(fields: Partial<ReviewedLesson> & { type?: LessonType } = {}): ReviewedLesson {
  const type = fields.type ?? 'reading';
  return {
    id: randomUUID(),
    title: type === 'quiz' ? 'Module Quiz' : 'Spotting Hazards',
    type,
    duration: '15 min',
    content: type === 'quiz' ? SOUND_QUIZ : SOUND_READING,
    keyPoints: [],
    activities: [],
    ...fields,
  };
}

export function moduleFactory(fields: Partial<ReviewedModule> = {}): ReviewedModule {
  return {
    id: randomUUID(),
    title: 'Hazard Identification',
    description: 'Spotting what can cause harm before it does.',
    lessons: [lessonFactory(), lessonFactory({ type: 'quiz', duration: '5 min' })],
    ...fields,
  };
}

/** A sound English course: one module of a reading (15 min) and a quiz (5 min), 0.5 hours in all. */
export function courseFactory(fields: Partial<ReviewedCourse> = {}): ReviewedCourse {
  return {
    id: randomUUID(),
    title: 'Workplace Safety Essentials',
    description: 'The habits that keep a workplace safe.',
    objective: 'Spot hazards in your work area and report them to your supervisor.',
    titleAr: null,
    descriptionAr: null,
    language: 'en',
    estimatedHours: 0.5,
    modules: [moduleFactory()],
    ...fields,
  };
}
