import { attributeOf, OfficePackage, readRelationships } from './office-package';

/** Where Excel keeps the sheet list. */
const WORKBOOK_PART = 'xl/workbook.xml';
const SHARED_STRINGS_PART = 'xl/sharedstrings.xml';

export interface SpreadsheetText {
  /** Each sheet's name and its rows, the cells of a row joined by " | ". */
  sheets: Array<{ name: string; rows: string[] }>;
}

/** The shared strings table: a cell of type "s" holds an index into it. Phonetic guides (rPh) are not text. */
async function readSharedStrings(officePackage: OfficePackage): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phoneticDepth = 0;
  await officePackage.parseXml(SHARED_STRINGS_PART, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local === 'si') current = '';
      else if (tag.local === 'rPh') phoneticDepth += 1;
      else if (tag.local === 't' && phoneticDepth === 0) inText = true;
    });
    parser.on('text', (text) => {
      if (inText && current !== null) current += text;
    });
    parser.on('closetag', (tag) => {
      if (tag.local === 't') inText = false;
      else if (tag.local === 'rPh') phoneticDepth -= 1;
      else if (tag.local === 'si' && current !== null) {
        strings.push(current);
        current = null;
      }
    });
  });
  return strings;
}

/** Sheets in workbook order, through the workbook's relationships. */
async function sheetParts(officePackage: OfficePackage): Promise<Array<{ name: string; part: string }>> {
  const listed: Array<{ name: string; id: string }> = [];
  await officePackage.parseXml(WORKBOOK_PART, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local !== 'sheet') return;
      const id = attributeOf(tag, 'id', { relationship: true });
      if (id !== undefined) listed.push({ name: attributeOf(tag, 'name') ?? '', id });
    });
  });
  const relationships = await readRelationships(officePackage, 'xl/_rels/workbook.xml.rels', 'xl');
  return listed.flatMap(({ name, id }) => {
    const target = relationships.get(id)?.target;
    return target !== undefined && officePackage.has(target) ? [{ name, part: target }] : [];
  });
}

/** One sheet's non-empty rows: shared strings looked up, inline strings and values (numbers, formula results) as written. */
async function readSheetRows(officePackage: OfficePackage, part: string, shared: string[], budget: { characters: number }): Promise<string[]> {
  const rows: string[] = [];
  let cells: string[] = [];
  let cellType = '';
  let value = '';
  let capture: 'v' | 't' | null = null;
  await officePackage.parseXml(part, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local === 'row') cells = [];
      else if (tag.local === 'c') {
        cellType = attributeOf(tag, 't') ?? 'n';
        value = '';
      } else if (tag.local === 'v') capture = 'v';
      else if (tag.local === 't' && cellType === 'inlineStr') capture = 't';
    });
    parser.on('text', (text) => {
      if (capture !== null) value += text;
    });
    parser.on('closetag', (tag) => {
      if (tag.local === 'v' || tag.local === 't') capture = null;
      else if (tag.local === 'c') {
        const text = (cellType === 's' ? (shared[Number(value)] ?? '') : value).trim();
        if (text.length > 0) cells.push(text);
      } else if (tag.local === 'row' && cells.length > 0 && budget.characters > 0) {
        const row = cells.join(' | ');
        rows.push(row);
        budget.characters -= row.length;
      }
    });
  });
  return rows;
}

/**
 * The cell text of an Excel workbook (.xlsx), sheet by sheet and row by row, for reading a learner's
 * work: the same zip reader and limits as Word and PowerPoint files (office-package.ts). Stops adding
 * rows once `maxCharacters` are read. A file that is not a readable workbook throws.
 */
export async function readSpreadsheetText(bytes: Uint8Array, fileName: string, maxCharacters: number): Promise<SpreadsheetText> {
  const officePackage = await OfficePackage.open(bytes, fileName);
  try {
    if (!officePackage.has(WORKBOOK_PART)) throw new Error(`${fileName} is not an Excel workbook`);
    const shared = officePackage.has(SHARED_STRINGS_PART) ? await readSharedStrings(officePackage) : [];
    const budget = { characters: maxCharacters };
    const sheets: SpreadsheetText['sheets'] = [];
    for (const { name, part } of await sheetParts(officePackage)) {
      if (budget.characters <= 0) break;
      sheets.push({ name, rows: await readSheetRows(officePackage, part, shared, budget) });
    }
    return { sheets };
  } finally {
    officePackage.close();
  }
}

/** The workbook as plain text: each sheet's name, then its rows. */
export function spreadsheetAsText({ sheets }: SpreadsheetText): string {
  return sheets
    .filter((sheet) => sheet.rows.length > 0)
    .map((sheet) => [sheet.name, ...sheet.rows].join('\n'))
    .join('\n\n');
}
