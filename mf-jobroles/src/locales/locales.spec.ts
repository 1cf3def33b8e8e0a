import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/jobroles.json';
import en from './en/jobroles.json';

describe('jobroles locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });
});
