import { SKILL_CATEGORIES } from '@masar/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTaxonomy, loadTaxonomy, TAXONOMY_VERSION } from './taxonomy';

const skill = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  nameAr: 'مهارة',
  aliases: [],
  aliasesAr: [],
  caseSensitiveAliases: [],
  ...extra,
});

describe('the real taxonomy', () => {
  const taxonomy = loadTaxonomy();

  it('loads, carries its version, and holds at least 1,500 skills with unique ids', () => {
    expect(taxonomy.version).toBe(TAXONOMY_VERSION);
    expect(taxonomy.skills.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(taxonomy.skills.map((entry) => entry.id)).size).toBe(taxonomy.skills.length);
  });

  it('gives every written form to one skill only', () => {
    const owners = new Map<string, Set<string>>();
    for (const entry of taxonomy.skills) {
      const forms = [
        ...[entry.name, ...entry.aliases].filter((form) => !entry.caseSensitiveAliases.includes(form)).map((form) => form.toLowerCase()),
        ...[entry.nameAr, ...entry.aliasesAr].map((form) => `ar:${form}`),
        ...entry.caseSensitiveAliases.map((form) => `exact:${form}`),
      ];
      for (const form of forms) owners.set(form, (owners.get(form) ?? new Set()).add(entry.id));
    }
    const shared = [...owners.entries()].filter(([, ids]) => ids.size > 1).map(([form, ids]) => `${form}: ${[...ids].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('covers the four categories, each skill with an Arabic label', () => {
    expect(new Set(taxonomy.skills.map((entry) => entry.category))).toEqual(new Set(SKILL_CATEGORIES));
    for (const entry of taxonomy.skills) expect(entry.nameAr).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('TAXONOMY_VERSION', () => {
  it('reads YEAR.MONTH.N', () => {
    expect(TAXONOMY_VERSION).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
  });
});

describe('buildTaxonomy', () => {
  it('joins files, giving each skill its file category and domain, and counts narrower skills', () => {
    const taxonomy = buildTaxonomy(
      [
        { source: 'a.json', content: { domain: 'code', category: 'technical', skills: [skill('t.code'), skill('t.py', { broader: 't.code' })] } },
        { source: 'b.json', content: { domain: 'people', category: 'behavioral', skills: [skill('b.talk', { aliases: undefined })] } },
      ],
      'v1',
    );
    expect(taxonomy.version).toBe('v1');
    expect(taxonomy.byId.get('t.py')).toMatchObject({ category: 'technical', domain: 'code', broader: 't.code' });
    expect(taxonomy.byId.get('b.talk')).toMatchObject({ category: 'behavioral', aliases: [] });
    expect(taxonomy.narrowerCount.get('t.code')).toBe(1);
  });

  it('refuses a malformed file, naming the file and the field', () => {
    expect(() => buildTaxonomy([{ source: 'bad.json', content: { domain: 'x', category: 'magic', skills: [skill('x.a')] } }])).toThrow(
      /^Taxonomy file bad\.json is invalid: category: /,
    );
    expect(() =>
      buildTaxonomy([{ source: 'bad.json', content: { domain: 'x', category: 'technical', skills: [skill('x.a', { nameAr: '' })] } }]),
    ).toThrow(/skills\.0\.nameAr/);
  });

  it('refuses a duplicate id across files and a broader id that names no skill', () => {
    const file = (source: string, ...skills: object[]) => ({ source, content: { domain: 'x', category: 'technical', skills } });
    expect(() => buildTaxonomy([file('a.json', skill('x.a')), file('b.json', skill('x.a'))])).toThrow(
      'Taxonomy skill id "x.a" appears twice (a.json and b.json)',
    );
    expect(() => buildTaxonomy([file('a.json', skill('x.a', { broader: 'x.missing' }))])).toThrow(/unknown broader skill "x\.missing"/);
  });
});

describe('loadTaxonomy', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'masar-taxonomy-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('reads every .json file of a directory and ignores the rest', () => {
    writeFileSync(path.join(directory, 'b.json'), JSON.stringify({ domain: 'b', category: 'compliance', skills: [skill('c.gdpr')] }));
    writeFileSync(path.join(directory, 'a.json'), JSON.stringify({ domain: 'a', category: 'functional', skills: [skill('f.pm')] }));
    writeFileSync(path.join(directory, 'README.md'), '# notes');
    expect(loadTaxonomy(directory).skills.map((entry) => entry.id)).toEqual(['f.pm', 'c.gdpr']);
  });

  it('says which file is not JSON, and when there is nothing to load', () => {
    expect(() => loadTaxonomy(directory)).toThrow(/holds no \.json file/);
    writeFileSync(path.join(directory, 'broken.json'), '{ nope');
    expect(() => loadTaxonomy(directory)).toThrow(/^Taxonomy file broken\.json is not valid JSON/);
    expect(() => loadTaxonomy(path.join(directory, 'missing'))).toThrow(/cannot be read/);
  });
});
