import { normaliseArabicLetters } from './arabic-normaliser';
import { TextSpan } from './sentence-splitter';

/**
 * Decides whether a posting says it does NOT want a skill: "no Java experience required",
 * "Java is not required", "without any SQL knowledge", "لا يشترط خبرة في جافا". Negation reaches
 * as far as the clause: "Python is required but no Java experience is needed" negates only Java.
 */

const CLAUSE_BOUNDARY = /;|؛|\b(?:but|however|although|though|whereas|while|yet)\b|(?:^|\s)(?:لكن|ولكن|بينما|اما)(?=\s)/g;

/** Cues that deny what follows; "not only", "not limited to", "no less than" do not. */
const NEGATION_BEFORE =
  /\b(?:no|not|without|zero|none|neither|nor|\w+n't)\b(?! (?:only|just|limited|less|later|fewer|more than|matter|doubt|exception|hesitate|stranger|problem))/g;
/** Words that may sit between a negation and the skill it denies: "no prior experience with Java". */
const FILLER = new Set(
  ('a an any the of in with on for to prior previous professional formal commercial deep extensive strong ' +
    'experience experiences knowledge skill skills background familiarity expertise exposure understanding ' +
    'need needs needed require requires required necessary necessarily have has know use using work working ' +
    'is are be must should do does').split(' '),
);
const REQUIREMENT_WORD = /\b(?:required|requirement|needed|necessary|essential|mandatory|prerequisite|expected|a must)\b/;
const NEGATED_REQUIREMENT_AFTER =
  /(?:\bnot|n't|\bnever)\s+(?:(?:a|an|strictly|really|absolutely)\s+)?(?:required|needed|necessary|essential|mandatory|expected|a must|a requirement|a prerequisite)\b/;

const NEGATION_BEFORE_AR = /(?:لا (?:يشترط|نشترط|تشترط|يتطلب|نتطلب|تتطلب|يلزم|نحتاج|تحتاج|يحتاج|حاجه)|دون الحاجه|بدون|ليس مطلوبا|ليست مطلوبه|غير مطلوب)/g;
const NEGATION_AFTER_AR = /(?:غير (?:مطلوب|ضروري|الزامي|اساسي)|ليس(?:ت)? (?:شرطا|مطلوبا|مطلوبه|ضروريا|ضروريه)|لا يشترط|لا يلزم)/;

function clauseAround(text: string, sentence: TextSpan, start: number, end: number): TextSpan {
  let clauseStart = sentence.start;
  let clauseEnd = sentence.end;
  const sentenceText = text.slice(sentence.start, sentence.end);
  for (const boundary of sentenceText.matchAll(CLAUSE_BOUNDARY)) {
    const at = sentence.start + boundary.index;
    if (at + boundary[0].length <= start) clauseStart = Math.max(clauseStart, at + boundary[0].length);
    else if (at >= end) {
      clauseEnd = Math.min(clauseEnd, at);
      break;
    }
  }
  return { start: clauseStart, end: clauseEnd };
}

function englishNegation(before: string, after: string): boolean {
  let lastCueEnd = -1;
  for (const cue of before.matchAll(NEGATION_BEFORE)) lastCueEnd = cue.index + cue[0].length;
  if (lastCueEnd >= 0) {
    const between = before.slice(lastCueEnd).match(/[\p{L}\p{N}'’]+/gu) ?? [];
    if (between.every((word) => FILLER.has(word))) return true;
    if (REQUIREMENT_WORD.test(before.slice(lastCueEnd)) || REQUIREMENT_WORD.test(after)) return true;
  }
  return NEGATED_REQUIREMENT_AFTER.test(after);
}

function arabicNegation(before: string, after: string): boolean {
  let lastCue: RegExpExecArray | undefined;
  for (const cue of before.matchAll(NEGATION_BEFORE_AR)) lastCue = cue;
  if (lastCue) {
    const wordsBetween = before.slice(lastCue.index + lastCue[0].length).split(/\s+/).filter(Boolean).length;
    // "بدون" (without) has other senses: it only denies a skill a few words away.
    if (lastCue[0] !== 'بدون' || wordsBetween <= 3) return true;
  }
  return NEGATION_AFTER_AR.test(after);
}

/** Whether the mention at [start, end) of `text`, inside `sentence`, is denied. */
export function isNegated(text: string, sentence: TextSpan, start: number, end: number): boolean {
  const clause = clauseAround(text, sentence, start, end);
  const before = text.slice(clause.start, start);
  const after = text.slice(end, clause.end);
  if (englishNegation(before.toLowerCase().replace(/’/g, "'"), after.toLowerCase().replace(/’/g, "'"))) return true;
  if (/[\u0600-\u06FF]/.test(before + after)) {
    return arabicNegation(normaliseArabicLetters(before), normaliseArabicLetters(after));
  }
  return false;
}
