import { fixtureTaxonomy } from './__fixtures__/fixture-taxonomy';
import { extendToSkillPhrase } from './phrase-extender';
import { SkillMatcher } from './skill-matcher';
import { tokenise } from './tokeniser';

describe('extendToSkillPhrase', () => {
  const matcher = SkillMatcher.fromTaxonomy(fixtureTaxonomy());

  /** The phrase around the first term found in a one-sentence text. */
  function phraseOf(text: string, verbPhrase: boolean): string {
    const tokens = tokenise(text);
    const [match] = matcher.match(tokens);
    const span = extendToSkillPhrase(text, tokens, match, { start: 0, end: text.length }, { verbPhrase });
    return text.slice(span.start, span.end);
  }

  it('widens a competence to the verb that takes it, with coordinated verbs', () => {
    expect(phraseOf('You will manage stakeholders.', true)).toBe('manage stakeholders');
    expect(phraseOf('Build and coordinate stakeholder engagement', true)).toBe('Build and coordinate stakeholder engagement');
    expect(phraseOf('Design, plan and lead teams', true)).toBe('plan and lead teams');
    expect(phraseOf('You will drive our stakeholder engagement', true)).toBe('drive our stakeholder engagement');
  });

  it('takes the object and complements of the verb phrase, up to the next clause', () => {
    expect(phraseOf('Lead teams across three sites which grow fast', true)).toBe('Lead teams across three sites');
    expect(phraseOf('Coordinate stakeholder engagement with partners and write reports', true)).toBe(
      'Coordinate stakeholder engagement with partners',
    );
  });

  it('takes the object of a one-word verb term that opens the sentence or follows "to" or a modal', () => {
    expect(phraseOf('Mentoring new hires across teams', true)).toBe('Mentoring new hires across teams');
    expect(phraseOf('You will be able to mentor new hires, daily', true)).toBe('mentor new hires');
  });

  it('leaves a one-word verb term alone when it is the subject or no verb governs it', () => {
    expect(phraseOf('Mentoring is part of the role', true)).toBe('Mentoring');
    expect(phraseOf('We value mentoring', true)).toBe('mentoring');
  });

  it('widens to whole written words', () => {
    expect(phraseOf('Knowledge of Node.js/Deno', false)).toBe('Node.js/Deno');
  });

  it('leaves a competence alone when no verb governs it directly', () => {
    expect(phraseOf('Understanding of stakeholder engagement', true)).toBe('stakeholder engagement');
    expect(phraseOf('Experience in stakeholder engagement', true)).toBe('stakeholder engagement');
    expect(phraseOf('Support and good stakeholder engagement', true)).toBe('stakeholder engagement');
  });

  it('names a technology by its noun phrase, taking generic head nouns', () => {
    expect(phraseOf('Maintain CI/CD pipelines and tools', false)).toBe('CI/CD pipelines');
    expect(phraseOf('Run Kubernetes platform services', false)).toBe('Kubernetes platform services');
    expect(phraseOf('Use Kubernetes daily', false)).toBe('Kubernetes');
  });

  it('stops at punctuation and the sentence end', () => {
    expect(phraseOf('Kubernetes, platforms', false)).toBe('Kubernetes');
    expect(phraseOf('Plan and. Lead teams', true)).toBe('Lead teams');
  });

  it('keeps an Arabic term exactly as matched', () => {
    expect(phraseOf('نطور وإدارة المشاريع', true)).toBe('إدارة المشاريع');
  });
});
