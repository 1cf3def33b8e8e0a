import { isNegated } from './negation-detector';

/** Whether `term` (its first occurrence) is denied in a one-sentence text. */
function negated(text: string, term: string): boolean {
  const start = text.indexOf(term);
  if (start === -1) throw new Error(`${term} is not in "${text}"`);
  return isNegated(text, { start: 0, end: text.length }, start, start + term.length);
}

describe('isNegated', () => {
  it.each([
    ['No Java experience required.', 'Java'],
    ['No prior experience with Java is needed.', 'Java'],
    ['Java is not required.', 'Java'],
    ['Experience with Java is not a requirement.', 'Java'],
    ['Knowledge of Java isn’t necessary.', 'Java'],
    ['You do not need to know Java.', 'Java'],
    ["We don't use Java.", 'Java'],
    ['Without any Java knowledge you can still apply.', 'Java'],
    ['No Java, Python or Go experience required.', 'Python'],
    ['لا يشترط خبرة في جافا.', 'جافا'],
    ['الخبرة في جافا غير مطلوبة.', 'جافا'],
    ['الخبرة في جافا ليست شرطا.', 'جافا'],
    ['بدون خبرة في جافا.', 'جافا'],
  ])('denies the skill in "%s"', (text, term) => {
    expect(negated(text, term)).toBe(true);
  });

  it.each([
    ['5 years of Java experience required.', 'Java'],
    ['Not only Java but also Kotlin.', 'Java'],
    ['Languages including but not limited to Java and Go.', 'Java'],
    ['No less than 5 years of Java.', 'Java'],
    ['Python is required but no Java experience is needed.', 'Python'],
    ['No Java experience is needed; Python is required.', 'Python'],
    ['If you are not familiar with agile, we will coach you in Java.', 'Java'],
    ['خبرة لا تقل عن 5 سنوات في جافا.', 'جافا'],
    ['يجب إتقان جافا.', 'جافا'],
  ])('keeps the skill in "%s"', (text, term) => {
    expect(negated(text, term)).toBe(false);
  });
});
