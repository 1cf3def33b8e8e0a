import { locateQuote } from './evidence-locator';

describe('locateQuote', () => {
  const text = 'Build CI/CD pipelines.\nStrong   Kubernetes skills; Kubernetes again.\nإدارة المشاريع مطلوبة.';
  const quoted = (quote: string) => locateQuote(text, quote).map((span) => text.slice(span.start, span.end));

  it('finds a verbatim quote, every place it appears', () => {
    expect(locateQuote(text, 'CI/CD pipelines')).toEqual([{ start: 6, end: 21 }]);
    expect(quoted('Kubernetes')).toEqual(['Kubernetes', 'Kubernetes']);
    expect(quoted('إدارة المشاريع')).toEqual(['إدارة المشاريع']);
  });

  it('tolerates a quote re-cased, re-spaced or wrapped in quotation marks, giving original offsets', () => {
    expect(quoted('strong kubernetes skills')).toEqual(['Strong   Kubernetes skills']);
    expect(quoted('"build ci/cd pipelines"')).toEqual(['Build CI/CD pipelines']);
  });

  it('finds nothing for an invented, paraphrased or empty quote', () => {
    expect(locateQuote(text, 'Quantum Hacking')).toEqual([]);
    expect(locateQuote(text, 'builds continuous delivery pipelines')).toEqual([]);
    expect(locateQuote(text, ' ')).toEqual([]);
    expect(locateQuote(text, 'a')).toEqual([]);
  });
});
