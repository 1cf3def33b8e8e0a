import { actsAsVerb, isActionVerbWord } from './action-verbs';
import { tokenise } from './tokeniser';

describe('action verbs', () => {
  it('recognises an action verb in its regular inflections', () => {
    for (const word of ['manage', 'managing', 'managed', 'manages', 'organise', 'organizing', 'analysed', 'leads']) {
      expect(isActionVerbWord(word)).toBe(true);
    }
    for (const word of ['management', 'stakeholder', 'the', 'C++']) expect(isActionVerbWord(word)).toBe(false);
  });

  it('does not take a verb form after an article or possessive for a verb', () => {
    const tokens = tokenise('You lead a leading team and our research');
    const at = (word: string) => tokens.findIndex((token) => token.text === word);
    expect(actsAsVerb(tokens, at('lead'))).toBe(true);
    expect(actsAsVerb(tokens, at('leading'))).toBe(false);
    expect(actsAsVerb(tokens, at('research'))).toBe(false);
  });
});
