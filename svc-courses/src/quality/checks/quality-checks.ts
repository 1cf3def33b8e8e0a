import type { CheckResult, CourseCheck, ReviewedCourse } from './course-check';
import { checkAiInstructions } from './ai-instructions.check';
import { checkBilingualParity } from './bilingual-parity.check';
import { checkDuplicatePassages } from './duplicate-passages.check';
import { checkLessonLength } from './lesson-length.check';
import { checkObjectiveCoverage } from './objective-coverage.check';
import { checkPersonalData } from './personal-data.check';
import { checkPlaceholderText } from './placeholder-text.check';
import { checkQuizAnswers } from './quiz-answers.check';
import { checkReadability } from './readability.check';
import { checkStructure } from './structure.check';

/** Every check a review runs, in QUALITY_CHECKS order. */
export const COURSE_CHECKS: readonly CourseCheck[] = [
  checkStructure,
  checkPlaceholderText,
  checkLessonLength,
  checkDuplicatePassages,
  checkObjectiveCoverage,
  checkQuizAnswers,
  checkReadability,
  checkPersonalData,
  checkAiInstructions,
  checkBilingualParity,
];

/** Reviews one course: every result of every check. */
export function reviewCourse(course: ReviewedCourse): CheckResult[] {
  return COURSE_CHECKS.flatMap((check) => check(course));
}
