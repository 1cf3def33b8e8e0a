import { findInstructionSpans, isInstructionToModel, TextSpan } from '@masar/contracts';
import { keySetOf, meaningfulWordsOf, occursIn } from '../../search/matching-words';
import { splitSentences } from '../../skills/extraction/sentence-splitter';
import { withoutInstructions } from './skill-extraction-prompt';

/*
 * Library text handed to a model (search answers, learning helpers) is untrusted: the parts
 * addressed to software are withheld before it is sent, and what the model writes back is read
 * against what it was given: a sentence that gives instructions, or that repeats words only the
 * withheld parts held (a "reply HACKED" obeyed anyway), is taken out.
 */

/** Library text as a model may read it, and the parts withheld from it. */
export interface GuardedText {
  forModel: string;
  withheld: string[];
}

export function guardForModel(text: string): GuardedText {
  const spans = findInstructionSpans(text, splitSentences(text));
  return { forModel: withoutInstructions(text, spans), withheld: spans.map((span) => text.slice(span.start, span.end)) };
}

/** Keys of the words only the withheld parts hold: the model had no business writing them. */
export function echoKeysOf(withheld: readonly string[], given: readonly string[]): Set<string> {
  const allowed = keySetOf(given.join('\n'));
  const echo = new Set<string>();
  for (const { keys } of meaningfulWordsOf(withheld.join('\n'))) if (!occursIn(keys, allowed)) keys.forEach((key) => echo.add(key));
  return echo;
}

/** Whether a sentence the model wrote is an instruction, or repeats what was withheld. */
export function isEchoOrInstruction(sentence: string, echoKeys: ReadonlySet<string>): boolean {
  if (isInstructionToModel(sentence)) return true;
  return echoKeys.size > 0 && meaningfulWordsOf(sentence).some(({ keys }) => occursIn(keys, echoKeys));
}

/** The text without its offending sentences; lines left empty (or only a list marker) go too. */
export function withoutEchoes(text: string, echoKeys: ReadonlySet<string>): string {
  const removed: TextSpan[] = splitSentences(text).filter(({ start, end }) => isEchoOrInstruction(text.slice(start, end), echoKeys));
  if (removed.length === 0) return text.trim();
  let kept = '';
  let from = 0;
  for (const span of removed) {
    kept += text.slice(from, span.start);
    from = span.end;
  }
  kept += text.slice(from);
  return kept
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trimEnd())
    .filter((line) => !/^\s*(?:[-*•>]|\d+[.)]|#{1,6})\s*$/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Citations `[k]` (or `[k, m]`) of the given passages kept, any other number removed with its
 * brackets; the numbers kept, in the order first cited.
 */
export function keepGivenCitations(text: string, given: ReadonlySet<number>): { text: string; citations: number[] } {
  const citations: number[] = [];
  const cleaned = text.replace(/\s*\[(\d+(?:\s*[,،]\s*\d+)*)\]/g, (_whole, list: string) => {
    const kept = list
      .split(/[,،]/)
      .map((number) => Number(number.trim()))
      .filter((number) => given.has(number));
    for (const number of kept) if (!citations.includes(number)) citations.push(number);
    return kept.map((number) => ` [${number}]`).join('');
  });
  return { text: cleaned.replace(/[ \t]+([.,;:!?؟،])/g, '$1').trim(), citations };
}
