import { COURSE_IMPORT_EXTENSIONS, COURSE_MATERIAL_EXTENSIONS, MAX_COURSE_MATERIAL_FILES } from '@masar/contracts';
import { buildFile } from './creation-task.factory';
import { MAX_MATERIAL_BYTES, addMaterials, imageAsBase64, isImageFile } from './material-rules';

const materials = { accept: COURSE_MATERIAL_EXTENSIONS, maxFiles: MAX_COURSE_MATERIAL_FILES };

describe('addMaterials', () => {
  it('takes the spec’s material types by extension, whatever media type the browser reports', () => {
    const picked = ['a.pdf', 'b.DOCX', 'c.pptx', 'd.doc', 'e.ppt', 'f.txt', 'g.md'].map((name) => buildFile(name, ''));
    const { files, rejected } = addMaterials([], picked, materials);
    expect(files.map((file) => file.name)).toEqual(['a.pdf', 'b.DOCX', 'c.pptx', 'd.doc', 'e.ppt', 'f.txt', 'g.md']);
    expect(rejected).toEqual([]);
  });

  it('names each refused file with the reason: type, size, empty, or one too many', () => {
    const chosen = Array.from({ length: 9 }, (_, index) => buildFile(`part-${index}.pdf`, 'application/pdf'));
    const { files, rejected } = addMaterials(
      chosen,
      [
        buildFile('setup.exe', 'application/octet-stream'),
        buildFile('huge.pdf', 'application/pdf', 'x', MAX_MATERIAL_BYTES + 1),
        buildFile('blank.txt', 'text/plain', ''),
        buildFile('tenth.md', 'text/markdown'),
        buildFile('eleventh.md', 'text/markdown'),
      ],
      materials,
    );
    expect(files).toHaveLength(10);
    expect(rejected).toEqual([
      { fileName: 'setup.exe', problem: 'invalid-type' },
      { fileName: 'huge.pdf', problem: 'too-large' },
      { fileName: 'blank.txt', problem: 'empty' },
      { fileName: 'eleventh.md', problem: 'too-many' },
    ]);
  });

  it('ignores a file picked twice', () => {
    const file = buildFile('plan.pdf', 'application/pdf');
    expect(addMaterials([file], [file], materials).files).toEqual([file]);
  });

  it('replaces the one course file of the Upload tab, and keeps it when the new one is refused', () => {
    const upload = { accept: COURSE_IMPORT_EXTENSIONS, maxFiles: 1 };
    const first = buildFile('first.pdf', 'application/pdf');
    const second = buildFile('course.json', 'application/json');
    expect(addMaterials([first], [second], upload).files).toEqual([second]);
    expect(addMaterials([first], [buildFile('notes.txt', 'text/plain')], upload)).toEqual({
      files: [first],
      rejected: [{ fileName: 'notes.txt', problem: 'invalid-type' }],
    });
  });
});

describe('the course image', () => {
  it('must have an image type', () => {
    expect(isImageFile(buildFile('cover.png', 'image/png'))).toBe(true);
    expect(isImageFile(buildFile('cover.pdf', 'application/pdf'))).toBe(false);
  });

  it('travels as base64 without a data: prefix', async () => {
    expect(await imageAsBase64(buildFile('cover.png', 'image/png', 'hello'))).toBe('aGVsbG8=');
  });
});
