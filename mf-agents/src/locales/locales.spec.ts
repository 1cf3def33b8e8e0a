import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/agents.json';
import en from './en/agents.json';
import qualityAr from './ar/quality.json';
import qualityEn from './en/quality.json';

describe('agents locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });
});

describe('quality locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(qualityEn, qualityAr)).toEqual([]);
  });
});
