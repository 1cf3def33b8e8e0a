import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/agents.json';
import promptsAr from './ar/prompts.json';
import en from './en/agents.json';
import promptsEn from './en/prompts.json';

describe('agents locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });
});

describe('prompts locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(promptsEn, promptsAr)).toEqual([]);
  });
});
