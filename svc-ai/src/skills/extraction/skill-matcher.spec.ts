import { fixtureTaxonomy } from './__fixtures__/fixture-taxonomy';
import { SkillMatcher } from './skill-matcher';
import { tokenise } from './tokeniser';

describe('SkillMatcher', () => {
  const matcher = SkillMatcher.fromTaxonomy(fixtureTaxonomy());
  const found = (text: string) =>
    matcher.match(tokenise(text)).map((match) => [match.entry.skillId, text.slice(match.start, match.end)]);
  const ids = (text: string) => found(text).map(([id]) => id);

  it('finds multi-word phrases whatever their inflection', () => {
    expect(found('Experience managing projects and relational databases')).toEqual([
      ['functional.project-management', 'managing projects'],
      ['technical.relational-databases', 'relational databases'],
    ]);
    expect(ids('You will manage project portfolios')).toEqual(['functional.project-management']);
  });

  it('matches British and American spellings of one alias', () => {
    expect(ids('organise events')).toEqual(['functional.event-organisation']);
    expect(ids('Organizing events')).toEqual(['functional.event-organisation']);
    expect(ids('data visualization and colour theory')).toEqual(['technical.data-visualisation', 'functional.colour-theory']);
  });

  it('matches abbreviations and names with symbols', () => {
    expect(ids('CI/CD, K8s, C++, C#, .NET and Node.js')).toEqual([
      'technical.ci-cd',
      'technical.kubernetes',
      'technical.cpp',
      'technical.csharp',
      'technical.dotnet',
      'technical.nodejs',
    ]);
    expect(ids('CI / CD pipelines; ci-cd; R&D; research & development')).toEqual([
      'technical.ci-cd',
      'technical.ci-cd',
      'functional.research-and-development',
      'functional.research-and-development',
    ]);
  });

  it('matches a hyphenated alias written solid or spaced', () => {
    expect(ids('frontend development')).toEqual(['technical.front-end-development']);
    expect(ids('front end development')).toEqual(['technical.front-end-development']);
  });

  it('honours case-sensitive aliases', () => {
    expect(ids('Go and R; ML; GDPR; IT')).toEqual([
      'technical.go',
      'technical.r',
      'technical.machine-learning',
      'compliance.data-privacy',
      'technical.it-support',
    ]);
    expect(ids('we go to it for a ml of gdpr or r')).toEqual([]);
    expect(ids('React and react.js; react quickly to incidents')).toEqual(['technical.react', 'technical.react']);
  });

  it('prefers the longest match over the words inside it', () => {
    expect(ids('continuous integration')).toEqual(['technical.ci-cd']);
    expect(found('software development')).toEqual([['technical.software-development', 'software development']]);
  });

  it('never joins words across punctuation', () => {
    expect(ids('relational, databases')).toEqual([]);
    expect(ids('machine. learning')).toEqual([]);
  });

  it('finds Arabic terms through prefixes, article and spelling variants', () => {
    const text = 'خبرة في إدارة المشاريع وبالبرمجة والحوسبة السحابية وحمايه البيانات';
    expect(found(text)).toEqual([
      ['functional.project-management', 'إدارة المشاريع'],
      ['technical.software-development', 'البرمجة'],
      ['technical.cloud-computing', 'الحوسبة السحابية'],
      ['compliance.data-privacy', 'حمايه البيانات'],
    ]);
  });

  it('names the skill a whole phrase spells, and nothing for a phrase that only contains one', () => {
    expect(matcher.skillNamedBy('kubernetes')).toBe('technical.kubernetes');
    expect(matcher.skillNamedBy('K8s')).toBe('technical.kubernetes');
    expect(matcher.skillNamedBy('إدارة المشاريع')).toBe('functional.project-management');
    expect(matcher.skillNamedBy('Quantum Hacking')).toBeUndefined();
    expect(matcher.skillNamedBy('Python programming wizardry')).toBeUndefined();
  });

  it('compares a one-word alias without folding verb forms: "typing" is not "type"', () => {
    expect(ids('Typing at 60 words per minute; touch-typing')).toEqual(['technical.typing', 'technical.typing']);
    expect(ids('Any type of project; they type quickly')).toEqual([]);
  });

  it('reads a noun-phrase skill in its verb form, with modifiers before the object', () => {
    expect(found('You will review code daily')).toEqual([['technical.code-review', 'review code']]);
    expect(found('managing multi-million budgets')).toEqual([['functional.budget-management', 'managing multi-million budgets']]);
    expect(ids('Reviewed the code')).toEqual(['technical.code-review']);
    // Only modifiers may stand between: a preposition or a clause breaks the verb from its object.
    expect(ids('review with code')).toEqual([]);
    expect(ids('review, code')).toEqual([]);
  });

  it('reads a one-word activity from its verb only where the verb takes an object', () => {
    expect(found('You will mentor junior engineers')).toEqual([['behavioral.mentoring', 'mentor']]);
    expect(ids('Mentoring and mentorship')).toEqual(['behavioral.mentoring', 'behavioral.mentoring']);
    expect(ids('Our mentor helps; you get a mentor')).toEqual([]);
  });
});
