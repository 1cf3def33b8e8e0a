import { tokenise } from './tokeniser';

const words = (text: string) => tokenise(text).map((token) => token.text);

describe('tokenise', () => {
  it('keeps the symbols that belong to technical names', () => {
    expect(words('C++, C#, F# and .NET, ASP.NET or Node.js')).toEqual(['C++', 'C#', 'F#', 'and', '.NET', 'ASP', 'NET', 'or', 'Node', 'js']);
  });

  it('treats & as a word so "R&D" and "research & development" tokenise alike', () => {
    expect(words('R&D')).toEqual(['R', '&', 'D']);
    expect(words('research & development')).toEqual(['research', '&', 'development']);
  });

  it('keeps inner apostrophes and digits', () => {
    expect(words("a bachelor's degree, K8s and 24/7 on-call")).toEqual(['a', "bachelor's", 'degree', 'K8s', 'and', '24', '7', 'on', 'call']);
  });

  it('gives offsets into the original string, Arabic included', () => {
    const text = 'خبرة في البرمجة، و Python.';
    for (const token of tokenise(text)) {
      expect(text.slice(token.start, token.end)).toBe(token.text);
    }
    expect(tokenise(text).map((token) => token.arabic)).toEqual([true, true, true, true, false]);
  });

  it('marks where punctuation breaks a phrase, but not joiners such as CI/CD or front-end', () => {
    const breaks = (text: string) => tokenise(text).map((token) => token.breakBefore);
    expect(breaks('CI/CD front-end Node.js CI / CD')).toEqual([true, false, false, false, false, false, false, false]);
    expect(breaks('Java, Python. Go\nRust (Kotlin)')).toEqual([true, true, true, true, true]);
  });
});
