import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';

/**
 * The browser's limit per file mirrors the gateway's default, so a person hears about a
 * too-large file before sending it; the gateway checks again.
 */
export const MAX_MATERIAL_BYTES = DEFAULT_MAX_UPLOAD_BYTES;
export const MAX_MATERIAL_MEGABYTES = MAX_MATERIAL_BYTES / (1024 * 1024);

export type MaterialProblem = 'invalid-type' | 'too-large' | 'empty' | 'too-many';

export interface RejectedFile {
  fileName: string;
  problem: MaterialProblem;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/** Whether two picks are the same file (picked twice, or dropped again). */
function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * Adds picked files to the chosen ones. The extension decides the type: browsers report no or
 * generic media types for .md, .doc and .ppt, and the server reads the bytes anyway. With
 * `maxFiles` 1 a new file replaces the chosen one.
 */
export function addMaterials(
  chosen: readonly File[],
  picked: readonly File[],
  { accept, maxFiles }: { accept: readonly string[]; maxFiles: number },
): { files: File[]; rejected: RejectedFile[] } {
  const files = maxFiles === 1 ? [] : [...chosen];
  const rejected: RejectedFile[] = [];
  for (const file of picked) {
    let problem: MaterialProblem | undefined;
    if (!accept.includes(extensionOf(file.name))) problem = 'invalid-type';
    else if (file.size > MAX_MATERIAL_BYTES) problem = 'too-large';
    else if (file.size === 0) problem = 'empty';
    else if (files.some((existing) => sameFile(existing, file))) continue;
    else if (files.length >= maxFiles) problem = 'too-many';
    if (problem) rejected.push({ fileName: file.name, problem });
    else files.push(file);
  }
  return { files: maxFiles === 1 && files.length === 0 ? [...chosen] : files, rejected };
}

/** Spec 001 section 5: the course image must have an image type. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/** A file's size in MB as the file list shows it: two decimals, one significant digit below 0.01 MB. */
export function sizeInMegabytes(bytes: number, language = 'en'): string {
  const megabytes = bytes / (1024 * 1024);
  const format =
    megabytes >= 0.01 || megabytes === 0
      ? new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat(language, { maximumSignificantDigits: 1 });
  return format.format(megabytes);
}

/** The image as base64 without a `data:` prefix, as `POST /api/courses/analyze-image` takes it. */
export async function imageAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole photo into one call overflows the argument stack.
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}
