import { fixtureTaxonomy } from './__fixtures__/fixture-taxonomy';
import { isPartOfJobTitle } from './job-title-detector';
import { SkillMatcher } from './skill-matcher';
import { tokenise } from './tokeniser';

describe('isPartOfJobTitle', () => {
  const matcher = SkillMatcher.fromTaxonomy(fixtureTaxonomy());
  const inTitle = (text: string) => {
    const tokens = tokenise(text);
    return isPartOfJobTitle(tokens, matcher.match(tokens)[0]);
  };

  it.each(['Senior Python Developer', 'Kubernetes Platform Engineer', 'Machine Learning Engineers wanted', 'مطور بايثون'])(
    'sees a job title in "%s"',
    (text) => {
      expect(inTitle(text)).toBe(true);
    },
  );

  it.each(['Python, Engineer', 'Experience with Python and Go', 'Python is used by every engineer', 'Work with Python developers', 'Mentor Kubernetes engineers', 'خبرة في بايثون'])(
    'sees no job title in "%s"',
    (text) => {
      expect(inTitle(text)).toBe(false);
    },
  );
});
