import { docxPackage, xlsxWorkbook, zipBomb } from '../../test/fixtures/documents/make-fixtures';
import { readSpreadsheetText, spreadsheetAsText } from './xlsx-text';

describe('readSpreadsheetText', () => {
  it('reads every sheet’s cells in order: shared, rich and inline strings, numbers and formula results, Arabic too', async () => {
    const text = await readSpreadsheetText(await xlsxWorkbook(), 'risks.xlsx', 10_000);
    expect(text.sheets).toEqual([
      { name: 'Hazards', rows: ['Hazard | Risk rating', 'Wet floor | 12 | 24', 'Blocked fire exit'] },
      { name: 'المخاطر', rows: ['أرضية مبللة'] },
    ]);
    expect(spreadsheetAsText(text)).toBe('Hazards\nHazard | Risk rating\nWet floor | 12 | 24\nBlocked fire exit\n\nالمخاطر\nأرضية مبللة');
  });

  it('stops adding rows past its character budget', async () => {
    const text = await readSpreadsheetText(await xlsxWorkbook(), 'risks.xlsx', 5);
    expect(text.sheets).toEqual([{ name: 'Hazards', rows: ['Hazard | Risk rating'] }]);
  });

  it('refuses what is not a workbook, a broken zip and a zip bomb', async () => {
    await expect(readSpreadsheetText(await docxPackage({ paragraphs: [{ text: 'Hello' }] }), 'renamed.xlsx', 100)).rejects.toThrow('renamed.xlsx is not an Excel workbook');
    await expect(readSpreadsheetText(Buffer.from('PK not really'), 'broken.xlsx', 100)).rejects.toThrow();
    await expect(readSpreadsheetText(await zipBomb(80 * 1024 * 1024, 'xl/workbook.xml'), 'bomb.xlsx', 100)).rejects.toMatchObject({ error: { statusCode: 413 } });
  });
});
