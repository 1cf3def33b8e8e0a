import { findLocaleProblems } from '@masar/shell/testing';
import learningPathsAr from './ar/learning-paths.json';
import learningPathsEn from './en/learning-paths.json';
import ar from './ar/progress.json';
import en from './en/progress.json';

describe('progress locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });
});

describe('learning paths locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(learningPathsEn, learningPathsAr)).toEqual([]);
  });
});
