import { normaliseArabicLetters } from './arabic-normaliser';

/**
 * Spots sentences that address an AI rather than a candidate ("Ignore all previous instructions
 * and…", "You are now…", "تجاهل التعليمات السابقة"). A posting is untrusted text: such sentences
 * are never read for skills, and a model's evidence that falls inside one is refused, so text
 * written for the extractor cannot add, remove or reword what it reports.
 */
const ENGLISH_INSTRUCTIONS = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|these|those|my)\s+)*(?:(?:previous|prior|above|earlier|preceding|original|system|other|existing)\s+)*(?:instructions?|prompts?|rules)\b/i,
  /\b(?:ignore|disregard|forget)\s+(?:everything|all|anything|the)\s+(?:above|before|previously|preceding|you were told)\b/i,
  /\b(?:system|developer|hidden)\s+(?:prompt|message|instructions?)\b/i,
  /\byou are (?:now |no longer )?(?:an? |the )?(?:\w+ )?(?:ai|assistant|chatbot|language model|llm|chatgpt|extractor)(?=\s*(?:[.,;:!]|$)|\s+(?:and|that|who|which|now|whose|designed|tasked|instructed|told)\b)/i,
  /\b(?:as an ai|new instructions?|jailbreak|prompt injection|do anything now)\b/i,
  /\b(?:assistant|ai|model|llm|gpt|chatgpt|extractor)\s*[:,]\s*(?:please\s+)?(?:list|add|output|return|respond|include|say|print|mark|rate)\b/i,
];
const ARABIC_INSTRUCTIONS = [
  /(?:تجاهل|انس|تخط|تجاوز|اهمل)[^.!?؟\n]{0,40}(?:التعليمات|الاوامر|التوجيهات|التعليمه|ما سبق|السابق)/,
  /(?:انت|أنت) (?:الان )?(?:مساعد|نموذج|ذكاء اصطناعي|روبوت)/,
  /(?:تعليمات|اوامر) (?:جديده|النظام)/,
];

export function isInstructionToModel(sentence: string): boolean {
  if (ENGLISH_INSTRUCTIONS.some((pattern) => pattern.test(sentence))) return true;
  if (!/[\u0600-\u06FF]/.test(sentence)) return false;
  const arabic = normaliseArabicLetters(sentence);
  return ARABIC_INSTRUCTIONS.some((pattern) => pattern.test(arabic));
}
