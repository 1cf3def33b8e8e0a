import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/agents.json';
import promptsAr from './ar/prompts.json';
import qualityAr from './ar/quality.json';
import en from './en/agents.json';
import promptsEn from './en/prompts.json';
import qualityEn from './en/quality.json';

describe.each([
  ['agents', en, ar],
  ['quality', qualityEn, qualityAr],
  ['prompts', promptsEn, promptsAr],
])('%s locale files', (_name, english, arabic) => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(english, arabic)).toEqual([]);
  });
});
