import { MAX_POSTING_TEXT_LENGTH } from '@masar/contracts';
import { loadTaxonomy } from '../taxonomy/taxonomy';
import { SkillExtractor } from './skill-extractor';

/** Sentences shaped like a posting's, naming real taxonomy skills, made here so the test needs no data set. */
function postingSentences(names: readonly string[], count: number): string[] {
  const templates = [
    (a: string, b: string) => `You have at least 3 years of experience with ${a} and ${b} in production.`,
    (a: string, b: string) => `Design, build and maintain services using ${a}; knowledge of ${b} is a plus.`,
    (a: string) => `Strong communication skills and a passion for ${a}.`,
    () => 'We offer a competitive salary, flexible hours and a friendly team.',
  ];
  return Array.from({ length: count }, (_, index) =>
    templates[index % templates.length](names[index % names.length], names[(index * 7 + 3) % names.length]),
  );
}

describe('SkillExtractor speed with the real taxonomy', () => {
  const taxonomy = loadTaxonomy();
  const extractor = SkillExtractor.fromTaxonomy(taxonomy);
  const sentences = postingSentences(
    taxonomy.skills.map((skill) => skill.name),
    3000,
  );

  it('reads at least 1,000 sentences per second on one core', () => {
    sentences.slice(0, 300).forEach((sentence) => extractor.extract(sentence));
    const startedAt = performance.now();
    for (const sentence of sentences) extractor.extract(sentence);
    const perSecond = sentences.length / ((performance.now() - startedAt) / 1000);
    expect(perSecond).toBeGreaterThan(1000);
  });

  it('reads the longest posting the contract allows in well under a second', () => {
    let posting = '';
    for (let index = 0; posting.length < MAX_POSTING_TEXT_LENGTH - 200; index++) posting += `${sentences[index % sentences.length]}\n`;
    const startedAt = performance.now();
    const skills = extractor.extract(posting);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect(skills.length).toBeGreaterThan(10);
  });
});
