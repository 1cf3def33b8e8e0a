import { findFileProblem, MAX_UPLOAD_BYTES, sizeInMegabytes, titleFromFileName } from './upload-rules';

describe('upload rules', () => {
  it('accepts PDF, Word and text files by media type or by extension', () => {
    expect(findFileProblem({ name: 'role.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(findFileProblem({ name: 'role.docx', type: '', size: 10 })).toBeNull();
    expect(findFileProblem({ name: 'ROLE.DOC', type: 'application/octet-stream', size: 10 })).toBeNull();
    expect(findFileProblem({ name: 'notes', type: 'text/plain', size: 10 })).toBeNull();
  });

  it('refuses other types', () => {
    expect(findFileProblem({ name: 'photo.png', type: 'image/png', size: 10 })).toBe('invalid-type');
    expect(findFileProblem({ name: 'sheet.xlsx', type: '', size: 10 })).toBe('invalid-type');
  });

  it('refuses a file above 10 MB and an empty file', () => {
    expect(findFileProblem({ name: 'big.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe('too-large');
    expect(findFileProblem({ name: 'ok.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(findFileProblem({ name: 'empty.txt', type: 'text/plain', size: 0 })).toBe('empty');
  });

  it('takes the title from the file name without its extension', () => {
    expect(titleFromFileName('Senior Analyst.v2.pdf')).toBe('Senior Analyst.v2');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });

  it('shows sizes in MB with two decimals, and small files with one significant digit', () => {
    expect(sizeInMegabytes(1024 * 1024 * 2.5)).toBe('2.50');
    expect(sizeInMegabytes(2048)).toBe('0.002');
    expect(sizeInMegabytes(1024 * 1024 * 2.5, 'ar')).toBe(new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(2.5));
  });
});
