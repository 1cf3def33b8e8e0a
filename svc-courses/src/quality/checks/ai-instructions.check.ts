import { instructionSentences, splitSentenceSpans } from '@masar/contracts';
import { type CheckResult, fullTextOf, lessonsOf, quoteOf, type ReviewedCourse, resultOf } from './course-check';

/**
 * The detector was made for job postings, where "list X as a must-have skill" is aimed at software;
 * a lesson may teach exactly that to people ("mark its priority, such as must-have"). In a lesson a
 * flagged sentence counts only when it also names the software or its instructions.
 */
const NAMES_THE_SOFTWARE =
  /\b(?:ai|a\.i\.|artificial intelligence|assistant|chat ?bot|bot|model|llm|gpt|chatgpt|claude|gemini|prompts?|instructions?|you are (?:now )?an?|tool|system|software|parser|screener|extractor)\b|ذكاء|نموذج|مساعد|تعليمات|الأوامر|الاوامر|النظام|الأداة|الاداة/i;

/** The first sentence of the text that speaks to an AI rather than to a learner, or null (svc-ai's detector, from contracts). */
export function instructionToAiIn(text: string): string | null {
  const spans = splitSentenceSpans(text);
  const flags = instructionSentences(text, spans);
  const index = flags.findIndex((flagged, at) => flagged && NAMES_THE_SOFTWARE.test(text.slice(spans[at].start, spans[at].end)));
  return index < 0 ? null : text.slice(spans[index].start, spans[index].end);
}

/** Text that reads like instructions to an AI left in a lesson (critical: a prompt that leaked, or an injection). */
export function checkAiInstructions(course: ReviewedCourse): CheckResult[] {
  return lessonsOf(course).map(({ module, lesson }) => {
    const instruction = instructionToAiIn(fullTextOf(lesson));
    return instruction
      ? resultOf('ai-instructions', 'critical', false, { module, lesson }, `The lesson "${lesson.title}" holds text addressed to an AI rather than to learners: ${quoteOf(instruction)}.`)
      : resultOf('ai-instructions', 'critical', true, { module, lesson }, `The lesson "${lesson.title}" holds no instructions to an AI.`);
  });
}
