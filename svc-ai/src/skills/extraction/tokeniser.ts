/** A word of the posting, with its place in the ORIGINAL string: `text === posting.slice(start, end)`. */
export interface Token {
  text: string;
  start: number;
  end: number;
  /** True when punctuation (a comma, a full stop, a new line...) separates it from the token before: no phrase spans it. */
  breakBefore: boolean;
  arabic: boolean;
}

/**
 * Words are runs of letters, marks and digits, keeping what belongs to a technical name: inner
 * apostrophes ("bachelor's"), trailing `+`/`#` ("C++", "C#"), a leading dot (".NET"). `&` is a word
 * of its own so "R&D" and "research & development" tokenise alike.
 */
const TOKEN_PATTERN = /(?<![\p{L}\p{M}\p{N}])\.?[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*[+#]*|&/gu;
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * What may stand between two words of one phrase: spaces, or a joiner as in "CI/CD", "front-end",
 * "Node.js", "A/B". Anything else (a comma, a full stop before a space, a bracket, a new line) ends the phrase.
 */
const SOFT_GAP = /^(?:[ \t\u00A0]*|[ \t\u00A0]*[/\-–][ \t\u00A0]*|\.)$/;

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    const word = match[0];
    const gap = text.slice(previousEnd, start);
    tokens.push({
      text: word,
      start,
      end: start + word.length,
      breakBefore: tokens.length === 0 || !SOFT_GAP.test(gap),
      arabic: ARABIC_LETTER.test(word),
    });
    previousEnd = start + word.length;
  }
  return tokens;
}
