import { loadTaxonomy } from '../skills/taxonomy/taxonomy';
import { QueryExpander } from './query-expander';

const expander = QueryExpander.fromTaxonomy(loadTaxonomy());
const names = (query: string) => expander.expand(query).skills.map((skill) => skill.name);

describe('QueryExpander', () => {
  it('reads an abbreviation, a name and an Arabic label as the skill they spell', () => {
    expect(names('k8s')).toEqual(['Kubernetes']);
    expect(names('pivot tables')).toEqual(['Pivot Tables']);
    expect(names('الجداول المحورية')).toEqual(['Pivot Tables']);
    expect(names('كوبرنيتس')).toEqual(['Kubernetes']);
  });

  it('matches a one-word query: a case-sensitive spelling in any case, and the first word of a single skill', () => {
    expect(names('Excel')).toEqual(['Microsoft Excel']);
    expect(names('excel')).toEqual(['Microsoft Excel']);
    expect(names('pivot')).toEqual(['Pivot Tables']);
    expect(names('XLOOKUP')).toEqual(['Excel Formulas and Functions']);
  });

  it('names nothing for words that are no skill, and never a skill for a word many skills start with', () => {
    expect(names('how to bake bread')).toEqual([]);
    expect(names('data')).toEqual([]);
  });

  it('replies with the language by letters, every spelling in both languages, and broader and narrower skills', () => {
    const reply = expander.expand('الجداول المحورية');
    expect(reply.language).toBe('ar');
    expect(reply.skills[0]).toMatchObject({ id: 'technical.pivot-tables', nameAr: 'الجداول المحورية' });
    expect(reply.skills[0].terms).toEqual(expect.arrayContaining(['Pivot Tables', 'الجداول المحورية', 'pivot table', 'الجداول المحورية في إكسل']));
    expect(reply.relatedSkills).toEqual([{ name: 'Microsoft Excel', nameAr: 'مايكروسوفت إكسل' }]);
    const excel = expander.expand('Excel');
    expect(excel.language).toBe('en');
    expect(excel.relatedSkills.map((skill) => skill.name)).toEqual(expect.arrayContaining(['Microsoft Office', 'Pivot Tables', 'Excel Formulas and Functions']));
  });
});
