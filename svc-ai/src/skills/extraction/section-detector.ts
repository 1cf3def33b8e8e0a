import { normaliseArabicLetters } from './arabic-normaliser';

/**
 * The part of a posting a phrase sits in. It decides how much a mention counts: a skill under
 * "Requirements" is asked for; one in "About us" describes the employer.
 */
export type SectionKind =
  | 'requirements'
  | 'responsibilities'
  | 'nice-to-have'
  | 'company'
  | 'benefits'
  | 'summary'
  | 'other'
  /** The posting has no heading at all: every line is simply the posting. */
  | 'untitled';

export interface PostingSection {
  kind: SectionKind;
  start: number;
  end: number;
}

/**
 * Heading phrases, tried in order (so "preferred qualifications" is nice-to-have before
 * "qualifications" is requirements). English in lower case; Arabic after `normaliseArabicLetters`
 * (أ→ا, ة→ه, ى→ي, ؤ→و, ئ→ي), so one pattern covers the spellings people use.
 */
const HEADING_PATTERNS: ReadonlyArray<readonly [SectionKind, RegExp]> = [
  ['nice-to-have', /^(?:nice[ -]to[ -]haves?|good[ -]to[ -]have|preferred(?: qualifications| skills| experience)?|desired(?: qualifications| skills)?|desirable(?: skills| qualifications)?|bonus(?: points)?|pluses|(?:it'?s )?a plus|(?:additional|extra) (?:qualifications|skills)|advantageous|optional(?: skills)?)\b/],
  ['nice-to-have', /^(?:يفضل|يستحسن|من المستحسن|من المفضل|مميزات اضافيه|ميزه اضافيه|مهارات مفضله|الموهلات المفضله|موهلات مفضله|المهارات المفضله|يعتبر ميزه)/],
  ['summary', /^(?:about the (?:role|job|position|opportunity|team)|(?:job|role|position) (?:summary|overview|description|purpose)|summary|overview|description|the opportunity|job description)\b/],
  ['requirements', /^(?:about you|(?:minimum |basic |key |essential |required |technical |professional )?(?:requirements|qualifications|skills(?: (?:and|&) (?:experience|qualifications|competencies))?|competencies)|what (?:you(?:'ll| will)? (?:need|bring|have)|we(?:'re| are) looking for|you should have)|who (?:you are|we(?:'re| are) looking for)|your (?:profile|skills|experience|background|qualifications)|must[ -]haves?|(?:the )?ideal candidate|candidate (?:profile|requirements))\b/],
  ['requirements', /^(?:المتطلبات|متطلبات|الموهلات|موهلات|الشروط|شروط|المهارات|مهارات|الخبرات|الخبره|ما نبحث عنه|من انت|المرشح المثالي|الكفاءات)/],
  ['responsibilities', /^(?:(?:key |main |your |job |primary |core )?(?:responsibilities|duties|tasks|accountabilities)|what you(?:'ll| will) (?:do|be doing|work on)|(?:the|your) role|role (?:and|&) responsibilities|day[ -]to[ -]day|your (?:mission|impact))\b/],
  ['responsibilities', /^(?:المسووليات|مسووليات|المهام|مهام|الواجبات|واجبات|طبيعه العمل|الدور|دورك|ماذا ستفعل|ما ستقوم به)/],
  ['benefits', /^(?:(?:our |the |employee )?benefits|perks|what we offer|we offer|compensation|why (?:join|work)|what(?:'s| is) in it for you|salary (?:and|&) benefits|rewards)\b/],
  ['benefits', /^(?:المزايا|مزايا|ما نقدمه|نقدم لك|الفوايد|المميزات|الرواتب والمزايا|لماذا تنضم)/],
  ['company', /^(?:about (?!you\b|the (?:role|job|position)\b)|who we are|our (?:company|story|mission|culture|team)|company (?:overview|description|profile)|the company)/],
  ['company', /^(?:عن الشركه|من نحن|نبذه عن|عن الموسسه|عن شركتنا|عن المنظمه)/],
  ['other', /^(?:how to apply|to apply|location|salary|contact|equal (?:opportunity|employment)|job type|employment type|closing date|reporting to|reports to)\b/],
  ['other', /^(?:طريقه التقديم|للتقديم|الموقع|الراتب|التواصل|نوع الوظيفه)/],
];

/** Openings that are a heading only when a colon follows ("You will:", "Experience:"); otherwise they start a sentence. */
const COLON_HEADING_PATTERNS: ReadonlyArray<readonly [SectionKind, RegExp]> = [
  ['requirements', /^(?:experience|education|you (?:have|bring|are|should have)|skills? required)$/],
  ['nice-to-have', /^(?:assets?|bonus|plus)$/],
  ['responsibilities', /^(?:you will|in this role(?: you will)?|the job|role)$/],
  ['other', /^apply$/],
];

const MAX_HEADING_LENGTH = 70;
const MAX_HEADING_WORDS = 8;

function headingText(line: string): string {
  const withoutDecoration = line
    .trim()
    .replace(/^(?:[#*>•·▪●◦■□✓✔–—-]+|\d+[.)])\s*/u, '')
    .replace(/[*_]+/g, '');
  return normaliseArabicLetters(withoutDecoration.toLowerCase()).replace(/\s+/g, ' ').trim();
}

/** The kind of heading a line is, if it is one: a short line naming a section, or "Heading: content". */
export function headingKindOf(line: string): SectionKind | undefined {
  const text = headingText(line);
  if (text.length === 0) return undefined;
  const colon = text.search(/[:：]/);
  const standalone = colon === -1 || colon === text.length - 1;
  const title = (standalone ? text : text.slice(0, colon)).replace(/[:：]\s*$/, '').trim();
  if (title.length === 0 || title.length > MAX_HEADING_LENGTH || title.split(' ').length > MAX_HEADING_WORDS) return undefined;
  const endsWithColon = !standalone || /[:：]\s*$/.test(text);
  const words = title.split(' ').length;
  for (const [kind, pattern] of HEADING_PATTERNS) {
    const match = pattern.exec(title);
    if (!match) continue;
    // Without a colon, a heading is the phrase alone ("Key Responsibilities", "About Acme Ltd"):
    // "Experience with Kafka is a must" merely starts like one.
    const extraWords = words - (match[0].trim() === '' ? 0 : match[0].trim().split(' ').length);
    if (endsWithColon || extraWords <= (kind === 'company' ? 4 : 1)) return kind;
  }
  if (endsWithColon) {
    for (const [kind, pattern] of COLON_HEADING_PATTERNS) {
      if (pattern.test(title)) return kind;
    }
  }
  return undefined;
}

/** Splits a posting into sections by its headings, covering the whole text. */
export function detectSections(text: string): PostingSection[] {
  const headings: Array<{ kind: SectionKind; start: number }> = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const kind = headingKindOf(text.slice(lineStart, lineEnd));
    if (kind !== undefined) headings.push({ kind, start: lineStart });
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (headings.length === 0) return [{ kind: 'untitled', start: 0, end: text.length }];
  const sections: PostingSection[] = [];
  // Before the first heading: usually the title and an introduction.
  if (headings[0].start > 0) sections.push({ kind: 'summary', start: 0, end: headings[0].start });
  headings.forEach((heading, index) => {
    const end = index + 1 < headings.length ? headings[index + 1].start : text.length;
    sections.push({ kind: heading.kind, start: heading.start, end });
  });
  return sections;
}

/** The section holding an offset (sections are sorted and cover the text). */
export function sectionAt(sections: readonly PostingSection[], offset: number): PostingSection {
  let low = 0;
  let high = sections.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sections[middle].start <= offset) low = middle;
    else high = middle - 1;
  }
  return sections[low];
}
