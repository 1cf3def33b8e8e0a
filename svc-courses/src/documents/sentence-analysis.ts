/*
 * Plain, language-aware text measures for lessons built from documents: sentences, words, content
 * words and reading time, for English and Arabic text.
 */

/** Words read per minute, for lesson durations. */
const READING_WORDS_PER_MINUTE = 200;

const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff]/g;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/g;
const ARABIC_DIACRITICS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

/** True when most letters are Arabic. */
export function isMostlyArabic(text: string): boolean {
  return (text.match(ARABIC_LETTER) ?? []).length > (text.match(LATIN_LETTER) ?? []).length;
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'no', 'nos', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'fig', 'figs', 'approx', 'inc', 'ltd',
  'co', 'dept', 'est', 'min', 'max', 'vol', 'p', 'pp', 'ch', 'sec', 'art', 'ref', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug',
  'sep', 'sept', 'oct', 'nov', 'dec', 'a.m', 'p.m', 'u.s', 'u.k',
]);

/** A bullet or list marker at the start of a line, which is not part of the sentence. */
const LEADING_MARKER = /^\s*(?:[-*+•▪◦‣●○■□–—]|\(?(?:\d{1,3}|[a-z])[.)])\s+/;

/**
 * Splits text into sentences: after `.`, `!`, `?`, `؟`, `؛` or `…` followed by a space (a full stop
 * after an abbreviation, an initial or before a lower-case word does not count), and at every line
 * break. List markers are dropped; fragments without a letter are skipped.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    const body = line.replace(LEADING_MARKER, '').trim();
    let start = 0;
    const boundary = /([.!?؟؛…]+)(["'”’»)\]]*)(\s+)/g;
    for (let match = boundary.exec(body); match !== null; match = boundary.exec(body)) {
      const end = match.index + match[1].length + match[2].length;
      const next = body.slice(match.index + match[0].length);
      if (match[1] === '.' && !endsSentenceAtFullStop(body.slice(start, match.index), next)) continue;
      sentences.push(body.slice(start, end).trim());
      start = match.index + match[0].length;
    }
    sentences.push(body.slice(start).trim());
  }
  return sentences.filter((sentence) => /\p{L}/u.test(sentence));
}

function endsSentenceAtFullStop(before: string, after: string): boolean {
  const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return false;
  // An initial ("J. Smith") or a lower-case continuation ("approx. five") keeps the sentence going.
  if (/^\p{Lu}$/u.test(lastWord) && /^\p{Lu}/u.test(after)) return false;
  return !/^\p{Ll}/u.test(after);
}

/** Words as a reader counts them (for reading time): runs of letters or digits. */
export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? []).length;
}

/** "10 min": reading time at READING_WORDS_PER_MINUTE, rounded up to 5 minutes (at least 5). */
export function readingDuration(words: number): string {
  return `${roundUpToFive(words / READING_WORDS_PER_MINUTE)} min`;
}

export function roundUpToFive(minutes: number): number {
  return Math.max(5, Math.ceil(minutes / 5) * 5);
}

const ENGLISH_STOPWORDS = new Set(
  (
    'a about above after again against all almost also although always am among an and any anyone anything are around as at be ' +
    'because been before being below between both but by can cannot could did do does doing done down during each either else ' +
    'enough even ever every few for from further get gets got had has have having he her here hers him his how however i if in ' +
    'into is it its itself just least less like made make makes many may me might more most much must my near need needs never no ' +
    'nor not now of off often on once one only or other others our ours out over own per perhaps rather really same shall she ' +
    'should since so some something such than that the their theirs them then there these they this those though through thus ' +
    'to too toward towards under until up upon us use used uses using usually very via was way we well were what whatever when ' +
    'where whether which while who whom whose why will with within without would yet you your yours yourself'
  ).split(' '),
);

const ARABIC_STOPWORDS = new Set(
  (
    'في من على الى إلى عن ان أن إن هذا هذه ذلك تلك هو هي هم هن نحن انت أنت التي الذي الذين اللذين اللتين و او أو ثم كل بعض ' +
    'قد لا لم لن ما مع عند كان كانت يكون تكون اي أي بين غير حتى اذا إذا ليس ليست قبل بعد ايضا أيضا كما لكن بل هناك هنا ' +
    'منها فيها عليها به بها له لها لهم منه فيه عليه عنه الا إلا اما أما مثل حول خلال دون ضمن نحو لدى لذلك هكذا كيف متى ' +
    'اين أين لماذا ماذا يمكن ان وقد فقد وهو وهي وهذا وهذه التى ذات'
  ).split(' '),
);

/** Arabic letters in one form: no diacritics or tatweel, one alef, tā' marbūṭa as hā', alif maqṣūra as yā'. */
function normaliseArabic(word: string): string {
  return word.replace(ARABIC_DIACRITICS, '').replace(/[أإآٱ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي');
}

/** A light stem: Arabic article and conjunction prefixes, English plural and possessive endings. */
function stemOf(word: string): string {
  if (/[\u0600-\u06ff]/.test(word)) {
    const normalised = normaliseArabic(word);
    const stripped = normalised.replace(/^(?:وال|بال|كال|فال|لل|ال|و)/, '');
    return stripped.length >= 3 ? stripped : normalised;
  }
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') && !lower.endsWith('us') && !lower.endsWith('is')) return lower.slice(0, -1);
  return lower;
}

/** The words that carry meaning (stop words and one- or two-letter words left out), stemmed lightly. */
export function contentWords(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? [];
  return words.flatMap((word) => {
    const lower = word.toLowerCase();
    const arabic = /[\u0600-\u06ff]/.test(word);
    if (arabic ? ARABIC_STOPWORDS.has(normaliseArabic(lower)) || ARABIC_STOPWORDS.has(lower) : ENGLISH_STOPWORDS.has(lower)) return [];
    if (/^\p{N}+$/u.test(word) || word.length < 3) return [];
    return [stemOf(word)];
  });
}

/** Text reduced to its letters and digits, lower-cased and without Arabic diacritics: for comparing sentences. */
export function normaliseForComparison(text: string): string {
  return normaliseArabic(text.toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The leading sentences of the text that fit in `maxLength` characters, skipping fragments that do
 * not end like a sentence (a slide's subtitle) when there are full sentences. At least one: a first
 * sentence longer than `maxLength` is cut at a word and marked with "…".
 */
export function leadingSentences(text: string, count: number, maxLength: number): string {
  const all = splitSentences(text);
  const complete = all.filter((sentence) => /[.!?؟…]["'”’»)\]]*$/.test(sentence));
  const sentences = complete.length > 0 ? complete : all;
  const chosen: string[] = [];
  for (const sentence of sentences.slice(0, count)) {
    if ([...chosen, sentence].join(' ').length > maxLength) break;
    chosen.push(sentence);
  }
  if (chosen.length > 0) return chosen.join(' ');
  return sentences[0] === undefined ? '' : shortenAtWord(sentences[0], maxLength);
}

/** Cuts text at the last word boundary before `maxLength`, marking the cut with "…". */
export function shortenAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  // The cut ends a word when a space follows it; otherwise go back to the last whole word.
  const end = /\s/.test(text.charAt(maxLength - 1)) ? cut.length : cut.lastIndexOf(' ');
  return `${(end > maxLength / 2 ? cut.slice(0, end) : cut).replace(/[\s,;:،؛]+$/, '')}…`;
}
