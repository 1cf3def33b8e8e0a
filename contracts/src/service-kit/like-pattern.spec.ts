import { containsPattern, escapeLikePattern } from './like-pattern';

describe('escapeLikePattern', () => {
  it('leaves ordinary text alone, Arabic included', () => {
    expect(escapeLikePattern('Data Analyst')).toBe('Data Analyst');
    expect(escapeLikePattern('محلل بيانات')).toBe('محلل بيانات');
  });

  it('escapes the LIKE wildcards so they match literally', () => {
    expect(escapeLikePattern('100%')).toBe('100\\%');
    expect(escapeLikePattern('snake_case')).toBe('snake\\_case');
  });

  it('escapes the escape character itself', () => {
    expect(escapeLikePattern('C:\\temp')).toBe('C:\\\\temp');
    expect(escapeLikePattern('\\%')).toBe('\\\\\\%');
  });
});

describe('containsPattern', () => {
  it('wraps the escaped text in wildcards', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });
});
