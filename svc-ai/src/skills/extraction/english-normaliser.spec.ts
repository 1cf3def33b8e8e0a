import { normaliseEnglishWord } from './english-normaliser';

const same = (...words: string[]) => new Set(words.map(normaliseEnglishWord)).size === 1;

describe('normaliseEnglishWord', () => {
  it.each([
    ['organise', 'organize', 'organising', 'organizing', 'organised', 'organizes'],
    ['analyse', 'analyze', 'analysing', 'analyzed'],
    ['colour', 'color', 'colours'],
    ['behaviour', 'behavior', 'behaviours'],
    ['behavioural', 'behavioral'],
    ['modelling', 'modeling', 'model', 'models', 'modelled'],
    ['travelled', 'traveled', 'travel'],
    ['centre', 'center', 'centres'],
    ['licence', 'license'],
    ['catalogue', 'catalog'],
    ['programme', 'program'],
    ['judgement', 'judgment'],
    ['paediatric', 'pediatric'],
  ])('folds British and American spellings: %s', (...spellings) => {
    expect(same(...spellings)).toBe(true);
  });

  it.each([
    ['database', 'databases'],
    ['technology', 'technologies'],
    ['process', 'processes'],
    ['manage', 'managing', 'managed', 'manages'],
    ['plan', 'planning', 'planned'],
    ['code', 'coding', 'coded'],
    ['test', 'testing', 'tested', 'tests'],
    ['study', 'studies', 'studied'],
  ])('folds inflections: %s', (...forms) => {
    expect(same(...forms)).toBe(true);
  });

  it.each([
    ['expertise', 'expertize'],
    ['advertise', 'advertize'],
    ['supervise', 'supervize'],
    ['enterprise', 'enterprize'],
  ])('leaves -ise words that are not British -ize alone (%s)', (word, wrong) => {
    expect(normaliseEnglishWord(word)).not.toBe(normaliseEnglishWord(wrong));
    expect(normaliseEnglishWord(word)).toContain('is');
  });

  it('keeps fields apart from the roles and verbs they resemble', () => {
    expect(normaliseEnglishWord('engineering')).not.toBe(normaliseEnglishWord('engineer'));
    expect(normaliseEnglishWord('marketing')).not.toBe(normaliseEnglishWord('market'));
    expect(normaliseEnglishWord('management')).not.toBe(normaliseEnglishWord('manage'));
    expect(normaliseEnglishWord('analysis')).toBe('analysis');
    expect(normaliseEnglishWord('business')).toBe('business');
  });

  it('only lower-cases words with digits or symbols, and drops a possessive', () => {
    expect(normaliseEnglishWord('K8s')).toBe('k8s');
    expect(normaliseEnglishWord('C++')).toBe('c++');
    expect(normaliseEnglishWord('.NET')).toBe('.net');
    expect(normaliseEnglishWord("bachelor's")).toBe(normaliseEnglishWord('bachelor'));
    expect(normaliseEnglishWord('&')).toBe('and');
  });
});
