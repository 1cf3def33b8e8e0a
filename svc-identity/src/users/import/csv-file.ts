import { PEOPLE_IMPORT_MAX_BYTES } from '@masar/contracts';

/** A file that cannot be read as a whole: the import adds nobody and says why (400, or 413 for size). */
export class ImportFileProblem extends Error {
  constructor(
    message: string,
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

const SAVE_AS_CSV = 'save the sheet as "CSV UTF-8" and try again';

/** Leading bytes of the files people pick by mistake instead of a CSV. */
const BINARY_SIGNATURES: { bytes: number[]; kind: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: 'a PDF' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'an Excel workbook or another zip file' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: 'an old Excel or Word document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'an image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'an image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'an image' },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** Tab, line feed and carriage return are the only control characters a CSV text has. */
function hasBinaryControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The text of an uploaded CSV, judged by its content, not its name: UTF-8 with or without a BOM.
 * Anything else (a workbook, a PDF, UTF-16, Windows-1256, binary) is refused with what to do instead.
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  if (bytes.length > PEOPLE_IMPORT_MAX_BYTES) {
    throw new ImportFileProblem(`The file is too large (max ${PEOPLE_IMPORT_MAX_BYTES / 1024} KB)`, 413);
  }
  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(bytes, signature.bytes)) throw new ImportFileProblem(`This is ${signature.kind}, not a CSV file: ${SAVE_AS_CSV}`);
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    throw new ImportFileProblem(`The file is saved as UTF-16 text: ${SAVE_AS_CSV}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileProblem(`The file is not UTF-8 text (perhaps Windows Arabic): ${SAVE_AS_CSV}`);
  }
  if (hasBinaryControlCharacter(text)) {
    throw new ImportFileProblem(`The file holds binary data, not CSV text: ${SAVE_AS_CSV}`);
  }
  if (text.trim().length === 0) throw new ImportFileProblem('The file is empty');
  return text;
}

/** One CSV record with the row a spreadsheet shows for it (the header is row 1). */
export interface CsvRecord {
  row: number;
  fields: string[];
}

/**
 * RFC 4180 records: CRLF, LF or CR line ends, quoted fields with "" for a quote and line breaks
 * inside. The separator is a comma, or a semicolon when the header has semicolons and no comma
 * (what spreadsheet programs write in locales that use the comma for decimals).
 */
export function parseCsv(text: string): CsvRecord[] {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0];
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let row = 1;
  let recordStartRow = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ row: recordStartRow, fields });
    fields = [];
  };

  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        if (character === '\n' || (character === '\r' && text[index + 1] !== '\n')) row += 1;
        field += character;
      }
    } else if (character === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (character === separator) {
      endField();
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      row += 1;
      recordStartRow = row;
    } else {
      field += character;
      fieldStarted = true;
    }
  }
  if (quoted) throw new ImportFileProblem(`Row ${recordStartRow}: a quoted value is never closed`);
  if (field.length > 0 || fields.length > 0) endRecord();
  return records;
}

/** True for a record with nothing in it (an empty line, or a line of separators as spreadsheets write). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((value) => value.trim().length === 0);
}
