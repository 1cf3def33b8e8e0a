import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abbreviationOf, colorForCategory, readSeedFolder } from './catalog-seed';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'seed-data');

describe('readSeedFolder', () => {
  it('reads internal and external files, leaving out a bad one with its name and the reason', async () => {
    const contents = await readSeedFolder(FIXTURES);
    expect(contents.seeds.map((seed) => `${seed.kind}:${seed.course.slug}`)).toEqual([
      'internal:sql-for-reporting',
      'internal:team-leadership-basics',
      'external:aws-cloud-practitioner-essentials',
      'external:google-data-analytics-certificate',
      'external:professional-scrum-master-i',
    ]);
    expect(contents.invalidFiles).toEqual([
      { file: 'internal/broken-course.json', problem: expect.stringContaining('titleAr: ') },
    ]);
  });

  describe('in a scratch folder', () => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'masar-seed-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('treats a missing folder as empty', async () => {
      expect(await readSeedFolder(join(folder, 'nothing-here'))).toEqual({ seeds: [], invalidFiles: [] });
    });

    it('keeps a repeated slug once and names the file that repeated it', async () => {
      mkdirSync(join(folder, 'internal'));
      mkdirSync(join(folder, 'external'));
      copyFileSync(join(FIXTURES, 'internal', 'sql-for-reporting.json'), join(folder, 'internal', 'a.json'));
      copyFileSync(join(FIXTURES, 'internal', 'sql-for-reporting.json'), join(folder, 'internal', 'b.json'));
      writeFileSync(join(folder, 'external', 'notes.txt'), 'not a seed file');
      const contents = await readSeedFolder(folder);
      expect(contents.seeds.map((seed) => seed.file)).toEqual(['internal/a.json']);
      expect(contents.invalidFiles).toEqual([
        { file: 'internal/b.json', problem: 'slugs already used by another entry, left out: sql-for-reporting' },
      ]);
    });
  });
});

describe('abbreviationOf', () => {
  it('takes the initials of the meaningful words, at most four', () => {
    expect(abbreviationOf('AWS Cloud Practitioner Essentials')).toBe('ACPE');
    expect(abbreviationOf('Introduction to Machine Learning with Python')).toBe('IMLP');
    expect(abbreviationOf('Professional Scrum Master I')).toBe('PSMI');
  });
});

describe('colorForCategory', () => {
  it('gives a category the same card color every time', () => {
    expect(colorForCategory('Data Analysis')).toBe(colorForCategory('Data Analysis'));
    expect(['blue', 'green', 'purple', 'red', 'yellow', 'orange', 'pink', 'indigo']).toContain(colorForCategory('Sales'));
  });
});
