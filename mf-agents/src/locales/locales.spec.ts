import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/agents.json';
import governanceAr from './ar/governance.json';
import promptsAr from './ar/prompts.json';
import qualityAr from './ar/quality.json';
import en from './en/agents.json';
import governanceEn from './en/governance.json';
import promptsEn from './en/prompts.json';
import qualityEn from './en/quality.json';

describe.each([
  ['agents', en, ar],
  ['quality', qualityEn, qualityAr],
  ['prompts', promptsEn, promptsAr],
  ['governance', governanceEn, governanceAr],
])('%s locale files', (_name, english, arabic) => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(english, arabic)).toEqual([]);
  });
});
