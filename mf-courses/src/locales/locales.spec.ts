import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/courses.json';
import en from './en/courses.json';

describe('courses locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });
});
