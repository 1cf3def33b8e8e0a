import { PREDEFINED_JOB_ROLES } from '@masar/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectLanguage } from '../job-descriptions/detect-language';
import { loadPredefinedRoleCatalog } from './predefined-role-catalog';

describe('loadPredefinedRoleCatalog', () => {
  it('has every one of the 15 roles with an English and an Arabic posting in the right script', () => {
    const catalog = loadPredefinedRoleCatalog();
    expect([...catalog.keys()].sort()).toEqual([...PREDEFINED_JOB_ROLES].sort());
    for (const [role, postings] of catalog) {
      expect(postings.en.title).toBe(role);
      expect(detectLanguage(postings.en.content)).toBe('en');
      expect(detectLanguage(postings.ar.title)).toBe('ar');
      expect(detectLanguage(postings.ar.content)).toBe('ar');
    }
  });

  describe('with a directory of its own', () => {
    let directory: string;
    const posting = { title: 'Software Engineer', content: 'Builds software.' };

    beforeEach(() => {
      directory = mkdtempSync(path.join(tmpdir(), 'masar-roles-'));
    });
    afterEach(() => rmSync(directory, { recursive: true, force: true }));

    function write(name: string, content: unknown) {
      writeFileSync(path.join(directory, name), typeof content === 'string' ? content : JSON.stringify(content));
    }

    it('names the roles that have no file', () => {
      write('software-engineer.json', { role: 'Software Engineer', en: posting, ar: { title: 'مهندس برمجيات', content: 'يبني البرمجيات.' } });
      expect(() => loadPredefinedRoleCatalog(directory)).toThrow(/Predefined roles without a file in .*: Data Scientist, Product Manager, /);
    });

    it('names a file that is not JSON or misses a language', () => {
      write('broken.json', '{ "role": ');
      expect(() => loadPredefinedRoleCatalog(directory)).toThrow(/^Predefined role file broken\.json is not valid JSON/);
      rmSync(path.join(directory, 'broken.json'));
      write('software-engineer.json', { role: 'Software Engineer', en: posting });
      expect(() => loadPredefinedRoleCatalog(directory)).toThrow(/^Predefined role file software-engineer\.json is invalid: [\s\S]*ar/);
    });

    it('refuses two files for one role', () => {
      const file = { role: 'Software Engineer', en: posting, ar: { title: 'مهندس برمجيات', content: 'يبني البرمجيات.' } };
      write('a.json', file);
      write('b.json', file);
      expect(() => loadPredefinedRoleCatalog(directory)).toThrow('Predefined role "Software Engineer" is described by more than one file (b.json)');
    });
  });
});
