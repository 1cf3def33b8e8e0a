import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKPLACE_SAFETY } from '../../test/fixtures/documents/course-content';
import { expectRpcError } from '../../test/fixtures/documents/fixture-files';
import { parseCourseImport } from './course-import';

const [hazards, risk] = WORKPLACE_SAFETY.chapters;

/** The example of svc-courses/README.md, "Course import format (JSON)", in short. */
const COURSE_FILE = {
  title: 'Workplace Safety Essentials',
  description: WORKPLACE_SAFETY.preamble[0],
  objective: WORKPLACE_SAFETY.preamble[1],
  level: 'beginner',
  category: 'Operations',
  color: 'green',
  skills: ['Risk Assessment', 'Occupational Health and Safety'],
  modules: [
    {
      title: hazards.heading,
      description: 'Spotting what can cause harm before it does.',
      lessons: [
        {
          title: hazards.sections[0].heading,
          content: hazards.sections[0].paragraphs.join('\n\n'),
          keyPoints: ['A hazard is anything in the workplace that has the potential to cause harm.'],
        },
        {
          title: hazards.sections[2].heading,
          type: 'exercise',
          duration: '20 min',
          content: hazards.sections[2].paragraphs.join('\n\n'),
          activities: ['List at least five hazards you notice.'],
        },
      ],
    },
    {
      title: risk.heading,
      lessons: [{ title: risk.sections[0].heading, content: risk.sections[0].paragraphs.join('\n\n') }],
    },
  ],
};

function file(json: unknown): Buffer {
  return Buffer.from(typeof json === 'string' ? json : JSON.stringify(json, null, 2));
}

describe('parseCourseImport', () => {
  it('reads a course file, filling in what it leaves out', () => {
    const course = parseCourseImport(file(COURSE_FILE), 'safety.json');
    expect(course).toMatchObject({
      title: 'Workplace Safety Essentials',
      objective: WORKPLACE_SAFETY.preamble[1],
      level: 'beginner',
      category: 'Operations',
      color: 'green',
      skills: ['Risk Assessment', 'Occupational Health and Safety'],
      prerequisites: [],
    });
    expect(course.duration).toBeUndefined();
    expect(course.titleAr).toBeUndefined();
    const [first, second] = course.modules;
    expect(first.description).toBe('Spotting what can cause harm before it does.');
    expect(first.lessons[0]).toEqual({
      title: '1.1 What Is a Hazard',
      type: 'reading',
      // About 150 words at 200 a minute, rounded up to 5 minutes.
      duration: '5 min',
      content: hazards.sections[0].paragraphs.join('\n\n'),
      keyPoints: ['A hazard is anything in the workplace that has the potential to cause harm.'],
      activities: [],
      sources: [],
    });
    expect(first.lessons[1]).toMatchObject({ type: 'exercise', duration: '20 min', activities: ['List at least five hazards you notice.'] });
    // A module without a description is described by its first sentences.
    expect(second.description).toBe(
      'Risk assessment is the process of deciding how much harm a hazard could cause and what should be done about it. Most organisations rate each hazard on two scales: likelihood, meaning how probable it is that harm occurs, and severity, meaning how bad the harm would be.',
    );
  });

  it('accepts the example of the README', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const example = /## Course import format \(JSON\)[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const course = parseCourseImport(Buffer.from(example ?? ''), 'example.json');
    expect(course.modules[0].lessons.map((lesson) => lesson.type)).toEqual(['reading', 'quiz']);
    expect(course.modules[0].lessons[1].duration).toBe('5 min');
  });

  it('accepts a byte-order mark, nulls for optional fields, and ignores fields it does not know', () => {
    const withExtras = { ...COURSE_FILE, objective: null, titleAr: '', exportedBy: 'LMS 4.2' };
    const course = parseCourseImport(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), file(withExtras)]), 'safety.json');
    expect(course.objective).toBeUndefined();
    expect(course.titleAr).toBeUndefined();
    expect(course).not.toHaveProperty('exportedBy');
  });

  it('drops NUL characters, which PostgreSQL text cannot hold, from every text of the file', () => {
    const withNul = { ...COURSE_FILE, title: 'Workplace\u0000 Safety Essentials', skills: ['Risk\u0000 Assessment'] };
    const course = parseCourseImport(file(withNul), 'safety.json');
    expect(course.title).toBe('Workplace Safety Essentials');
    expect(course.skills).toEqual(['Risk Assessment']);
    expect(JSON.stringify(course)).not.toContain('\\u0000');
  });

  it('names each problem by its path', async () => {
    const broken = structuredClone(COURSE_FILE) as { modules: { lessons: Record<string, unknown>[] }[]; color: string };
    broken.modules[0].lessons[1].content = '   ';
    broken.modules[0].lessons[0].type = 'podcast';
    broken.color = 'teal';
    await expectRpcError(
      () => parseCourseImport(file(broken), 'safety.json'),
      422,
      '"safety.json" is not a valid course file: color: Color must be one of blue, green, purple, red, yellow, orange, pink, indigo; ' +
        'modules.0.lessons.0.type: Type must be one of video, reading, quiz, exercise; modules.0.lessons.1.content: Content is required',
    );
    const { title: _title, ...untitled } = COURSE_FILE;
    await expectRpcError(() => parseCourseImport(file({ ...untitled, modules: [] }), 'safety.json'), 422, '"safety.json" is not a valid course file: title: Title is required; modules: A course needs at least one module');
  });

  it('holds at most 20 modules of at most 10 lessons', async () => {
    const lesson = COURSE_FILE.modules[1].lessons[0];
    const module = { title: 'Risk', lessons: Array.from({ length: 11 }, () => lesson) };
    await expectRpcError(
      () => parseCourseImport(file({ ...COURSE_FILE, modules: [module] }), 'big.json'),
      422,
      '"big.json" is not a valid course file: modules.0.lessons: A module may hold at most 10 lessons',
    );
    const modules = Array.from({ length: 21 }, () => ({ title: 'Risk', lessons: [lesson] }));
    await expectRpcError(
      () => parseCourseImport(file({ ...COURSE_FILE, modules }), 'big.json'),
      422,
      '"big.json" is not a valid course file: modules: A course file may hold at most 20 modules',
    );
  });

  it('refuses what is not JSON, or not one course', async () => {
    await expectRpcError(() => parseCourseImport(file('{"title": "Safety",'), 'cut.json'), 422, /^"cut\.json" is not a valid course file: it is not valid JSON \(.+\)$/);
    await expectRpcError(
      () => parseCourseImport(file([COURSE_FILE]), 'list.json'),
      422,
      '"list.json" is not a valid course file: The file must hold one course: a JSON object with a title, a description and modules',
    );
    await expectRpcError(() => parseCourseImport(Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x00]), 'blob.json'), 422, '"blob.json" is not a valid course file: it is not a text file');
  });

  it('lists at most five problems, saying how many more there are', async () => {
    const lessons = Array.from({ length: 8 }, () => ({ title: 'Untitled' }));
    await expectRpcError(
      () => parseCourseImport(file({ ...COURSE_FILE, modules: [{ title: 'Risk', lessons }] }), 'empty.json'),
      422,
      /^"empty\.json" is not a valid course file: (modules\.0\.lessons\.\d\.content: Content is required; ){4}modules\.0\.lessons\.4\.content: Content is required \(and 3 more\)$/,
    );
  });
});
