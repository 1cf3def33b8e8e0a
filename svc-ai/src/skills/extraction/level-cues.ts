import { EXPECTED_SKILL_LEVELS, highestSkillLevel, type ExpectedSkillLevel, type SkillImportance } from '@masar/contracts';
import { normaliseArabicLetters } from './arabic-normaliser';

/**
 * What level a posting expects of a skill, read from the words around it: "expert in SQL", "strong
 * Python", "5+ years of Spark", "working knowledge of Airflow", "familiarity with Kafka", "basic
 * Excel", "خبرة متقدمة في", "إتقان", "معرفة جيدة", "إلمام بـ", "أساسيات", "5 سنوات خبرة". Without
 * such words the posting's seniority ("Senior Data Engineer", "مهندس بيانات أول") sets it.
 */

/** A cue names a level; a neutral one ("experience with", "خبرة في") asks for the skill without saying how well. */
interface LevelCue {
  pattern: RegExp;
  level: ExpectedSkillLevel | 'neutral';
}

// Arabic words may carry the conjunction (و, ف), a preposition (ب, ل) and the article (ال) in front.
const AR_PREFIX = '(?<![\\p{L}\\p{N}])(?:[وف])?(?:[بل])?(?:ال)?';
const AR_END = '(?![\\p{L}])';
const arabic = (stems: string) => new RegExp(`${AR_PREFIX}(?:${stems})${AR_END}`, 'gu');

/**
 * English patterns run on the lower-cased clause, Arabic ones on its letters normalised (أ→ا, ة→ه,
 * ى→ي, ئ→ي). Where two overlap, the longer one speaks ("strong working knowledge" is strong,
 * "خبرة متقدمة" expert rather than "متقدمة" strong).
 */
const LEVEL_CUES: readonly LevelCue[] = [
  { level: 'expert', pattern: /\bexpert(?:s|ise)?\b|\bmastery\b|\bmaster of\b|\bin[- ]depth\b|\bdeep(?:ly)? (?:technical )?(?:knowledge|understanding|expertise|experience|familiarity|skills?|hands[- ]on)\b|\bsubject[- ]matter\b/g },
  { level: 'strong', pattern: /\b(?:strong|solid|extensive|excellent|thorough|advanced(?! degree)|proficien(?:t|cy)|fluen(?:t|cy)|highly (?:skilled|proficient|experienced)|significant (?:experience|knowledge)|sound (?:knowledge|understanding))\b(?: working (?:knowledge|experience))?/g },
  { level: 'working', pattern: /\b(?:working (?:knowledge|experience|familiarity|understanding|proficiency)|hands[- ]on|good (?:knowledge|understanding|command|experience|grasp|working knowledge)|practical (?:knowledge|experience)|comfortable (?:with|using|in)|competen(?:t|ce|cy) (?:in|with)|intermediate)\b/g },
  { level: 'basic', pattern: /\b(?:(?<!visual )basics?|familiar(?:ity)?|exposure|fundamentals?|foundational|awareness|introductory|beginner|entry[- ]level|some (?:experience|knowledge|exposure|familiarity|understanding)|understanding of|a grasp of)\b/g },
  { level: 'neutral', pattern: /\b(?:experience(?:d)? (?:with|in|using|of|building|designing|developing|working)|knowledge of|background in|skills? in|ability to use|able to use)\b/g },
  { level: 'expert', pattern: arabic('خبره متقدمه|خبره عميقه|معرفه عميقه|معرفه متعمقه|فهم عميق|خبير|خبيرا|خبراء') },
  { level: 'strong', pattern: arabic('اتقان|يتقن|متقن|متقنا|اجاده|يجيد|مجيد|تمكن|متمكن|متمكنا|قوي|قويه|قويا|واسعه|واسع|متقدم|متقدمه|ممتاز|ممتازه|راسخ|راسخه|متين|متينه') },
  { level: 'working', pattern: arabic('معرفه جيده|خبره جيده|فهم جيد|مستوي جيد|جيد|جيده|جيدا|خبره عمليه|معرفه عمليه|متوسط|متوسطه') },
  { level: 'basic', pattern: arabic('المام|ملم|ملما|اساسيات|اساسي|اساسيه|مبادي|مبتدي|اطلاع|بسيطه|بسيط') },
  { level: 'neutral', pattern: arabic('خبره|معرفه|درايه|القدره علي استخدام') },
];

const ENGLISH_NUMBERS: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fifteen: 15,
};
const ARABIC_NUMBERS: Readonly<Record<string, number>> = {
  واحده: 1, واحد: 1, سنتين: 2, سنتان: 2, عامين: 2, عامان: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4, خمس: 5, خمسه: 5,
  ست: 6, سته: 6, سبع: 7, سبعه: 7, ثمان: 8, ثماني: 8, ثمانيه: 8, تسع: 9, تسعه: 9, عشر: 10, عشره: 10,
};
/** "5+ years", "3-5 years", "at least five years", "a year of": the lower bound is the demand. */
const ENGLISH_YEARS = /\b(\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen)\s*\+?\s*(?:(?:-|–|to|or)\s*\d{1,2}\s*\+?\s*)?(?:years?|yrs?)\b/g;
/** "5 سنوات", "٣-٥ سنوات", "خمس سنوات", "سنتين", "سنة واحدة". */
const ARABIC_YEARS = new RegExp(
  `(?:(\\d{1,2})\\s*\\+?\\s*(?:(?:-|–|الي|او)\\s*\\d{1,2}\\s*)?|${AR_PREFIX}(ثلاث|ثلاثه|اربع|اربعه|خمس|خمسه|ست|سته|سبع|سبعه|ثمان|ثماني|ثمانيه|تسع|تسعه|عشر|عشره)\\s+)(?:سنوات|سنه|سنين|اعوام|عاما|عام)${AR_END}|${AR_PREFIX}(سنتين|سنتان|عامين|عامان)${AR_END}|(?:سنه|عام)\\s+(واحده|واحد)${AR_END}`,
  'gu',
);

/** Years of experience asked for, as a level: 10 or more expert, 5 or more strong, 2 to 4 working, 1 basic. */
export function levelForYears(years: number): ExpectedSkillLevel {
  if (years >= 10) return 'expert';
  if (years >= 5) return 'strong';
  if (years >= 2) return 'working';
  return 'basic';
}

interface FoundCue {
  start: number;
  end: number;
  level: ExpectedSkillLevel | 'neutral';
}

/** The cues of one piece of text, positions in its normalised form, overlaps resolved in favour of the longer. */
function cuesIn(text: string): FoundCue[] {
  const normalised = /[\u0600-\u06FF]/.test(text) ? normaliseArabicLetters(text).toLowerCase() : text.toLowerCase();
  const found: FoundCue[] = [];
  for (const cue of LEVEL_CUES) {
    for (const match of normalised.matchAll(cue.pattern)) {
      // "SOLID principles" names a design practice, not how solid the knowledge is.
      if (match[0] === 'solid' && /\bSOLID\b/.test(text)) continue;
      found.push({ start: match.index, end: match.index + match[0].length, level: cue.level });
    }
  }
  for (const match of normalised.matchAll(ENGLISH_YEARS)) {
    const count = ENGLISH_NUMBERS[match[1]] ?? Number(match[1]);
    if (count > 0) found.push({ start: match.index, end: match.index + match[0].length, level: levelForYears(count) });
  }
  for (const match of normalised.matchAll(ARABIC_YEARS)) {
    const word = match[2] ?? match[3] ?? match[4];
    const count = word === undefined ? Number(match[1]) : ARABIC_NUMBERS[word];
    if (count > 0) found.push({ start: match.index, end: match.index + match[0].length, level: levelForYears(count) });
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: FoundCue[] = [];
  for (const cue of found) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || cue.start >= previous.end) {
      // Cues side by side are one phrase ("solid understanding of", "extensive hands-on", "خبرة واسعة"): the higher speaks.
      if (previous !== undefined && /^\s*$/.test(normalised.slice(previous.end, cue.start))) {
        kept[kept.length - 1] = { start: previous.start, end: cue.end, level: cueRank(cue) > cueRank(previous) ? cue.level : previous.level };
      } else kept.push(cue);
    } else if (cue.end - cue.start > previous.end - previous.start) kept[kept.length - 1] = cue;
  }
  return kept;
}

function cueRank(cue: FoundCue): number {
  return cue.level === 'neutral' ? -1 : EXPECTED_SKILL_LEVELS.indexOf(cue.level);
}

/**
 * Clauses: a list or a coordination ("strong Python and familiarity with Kafka") gives each part its own
 * words. Arabic "and" is a letter on the next word: split where it joins an article or a cue ("وإلمام").
 */
const CLAUSE_BOUNDARY = /[,;،؛|•]|\s(?:and|or|as well as|along with|plus)\s|\s(?:او|و)\s|(?<=\s)و(?=ال|[إا]تقان|[إا]جاد|[إا]لمام|خبر|معرف|فهم|قدر|مهار|دراي|تمكن|[أا]ساسي)/gu;

/** A semicolon, a bar or a bullet ends a requirement: the next one does not continue its list. */
const REQUIREMENT_END = /^[;؛|•]$/;

interface Clause {
  start: number;
  end: number;
  /** It opens a new requirement: a clause after it never takes the level of one before. */
  startsRequirement: boolean;
}

function clausesOf(sentence: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  let startsRequirement = true;
  for (const match of sentence.matchAll(CLAUSE_BOUNDARY)) {
    clauses.push({ start, end: match.index, startsRequirement });
    start = match.index + match[0].length;
    startsRequirement = REQUIREMENT_END.test(match[0]);
  }
  clauses.push({ start, end: sentence.length, startsRequirement });
  return clauses;
}

function strongest(cues: readonly FoundCue[]): FoundCue | undefined {
  return cues.find((cue) => cue.level !== 'neutral') ?? cues[0];
}

/**
 * The level a sentence asks of the skill named at [termStart, termEnd) (offsets in the sentence).
 * Its own clause decides first: the nearest cue before the term, else the first after it ("SQL at an
 * expert level", "Python (5+ years)"), a level beating a neutral "experience with". A clause without
 * any cue continues the list before it ("Strong Python skills with pandas, NumPy and scikit-learn"),
 * back to the nearest clause that has one, never past a semicolon (the next requirement). Undefined when
 * the sentence names no level for it.
 */
export function levelCueAt(sentence: string, termStart: number, termEnd: number): ExpectedSkillLevel | undefined {
  const clauses = clausesOf(sentence);
  let index = clauses.findIndex((clause) => termStart < clause.end || clause === clauses[clauses.length - 1]);
  const own = clauses[index];
  const before = cuesIn(sentence.slice(own.start, Math.max(own.start, termStart))).reverse();
  const after = cuesIn(sentence.slice(Math.min(termEnd, own.end), own.end));
  const ownCue = strongest([...before, ...after]);
  if (ownCue !== undefined) return ownCue.level === 'neutral' ? undefined : ownCue.level;
  while (!clauses[index].startsRequirement && --index >= 0) {
    const cue = strongest(cuesIn(sentence.slice(clauses[index].start, clauses[index].end)).reverse());
    if (cue !== undefined) return cue.level === 'neutral' ? undefined : cue.level;
  }
  return undefined;
}

/** How senior the role is, as its title says. */
export type PostingSeniority = 'junior' | 'mid' | 'senior' | 'lead';

const ENGLISH_SENIORITY: ReadonlyArray<[RegExp, PostingSeniority]> = [
  [/\b(?:lead|principal|staff|head of|chief)\b/i, 'lead'],
  [/\b(?:senior|sr\.?)(?=\s|$)/i, 'senior'],
  [/\b(?:junior|jr\.?|entry[- ]level|graduate|trainee|intern)(?=\s|$)/i, 'junior'],
];
const ARABIC_SENIORITY: ReadonlyArray<[RegExp, PostingSeniority]> = [
  [arabic('رييسي|رييس فريق|قايد فريق|رييس قسم'), 'lead'],
  [arabic('اول|كبير|اقدم'), 'senior'],
  [arabic('مبتدي|حديث التخرج|متدرب'), 'junior'],
];
/** A title is a short first line: "Senior Data Engineer", "مهندس بيانات أول". */
const MAX_TITLE_WORDS = 8;
/** "We are looking for a Senior Data Engineer", "As a Lead Engineer you will…", "نبحث عن مهندس بيانات أول". */
const ENGLISH_ROLE_INTRO = /\b(?:looking for|seeking|hiring|join us as|as)\s+an?\s+((?:\S+\s+){0,1}\S+)/gi;
const ARABIC_ROLE_INTRO = /(?:نبحث عن|نبحث عن|مطلوب|بوظيفه|بمسمي)\s+((?:\S+\s+){1,3}\S+)/gu;

function seniorityIn(words: string, patterns: ReadonlyArray<[RegExp, PostingSeniority]>): PostingSeniority | undefined {
  return patterns.find(([pattern]) => {
    pattern.lastIndex = 0;
    return pattern.test(words);
  })?.[1];
}

/**
 * The role's seniority from the posting's title (its first line, when short) or the sentence that
 * introduces the role; `mid` when neither says. A title given apart from the text is read first.
 */
export function postingSeniority(text: string, title?: string): PostingSeniority {
  const firstLine = text.trimStart().split('\n', 1)[0].trim();
  const titles = [title ?? '', firstLine.split(/\s+/).length <= MAX_TITLE_WORDS ? firstLine : ''];
  for (const candidate of titles) {
    const normalised = normaliseArabicLetters(candidate);
    const seniority = seniorityIn(candidate, ENGLISH_SENIORITY) ?? seniorityIn(normalised, ARABIC_SENIORITY);
    if (seniority !== undefined) return seniority;
  }
  for (const match of text.matchAll(ENGLISH_ROLE_INTRO)) {
    const seniority = seniorityIn(match[1], ENGLISH_SENIORITY);
    if (seniority !== undefined) return seniority;
  }
  for (const match of normaliseArabicLetters(text).matchAll(ARABIC_ROLE_INTRO)) {
    const seniority = seniorityIn(match[1], ARABIC_SENIORITY);
    if (seniority !== undefined) return seniority;
  }
  return 'mid';
}

const DEFAULT_REQUIRED_LEVEL: Readonly<Record<PostingSeniority, ExpectedSkillLevel>> = {
  junior: 'basic',
  mid: 'working',
  senior: 'strong',
  lead: 'strong',
};

/** Where the posting names no level: its seniority's level for a required skill, one step below (at least basic) for a nice-to-have one. */
export function defaultExpectedLevel(seniority: PostingSeniority, importance: SkillImportance): ExpectedSkillLevel {
  const required = DEFAULT_REQUIRED_LEVEL[seniority];
  if (importance === 'required') return required;
  return EXPECTED_SKILL_LEVELS[Math.max(0, EXPECTED_SKILL_LEVELS.indexOf(required) - 1)];
}

/** The highest of a skill's level cues, or undefined when none is: the contracts' level scale decides. */
export const highestLevel = highestSkillLevel<ExpectedSkillLevel>;
