import { CONTENT_DESCRIPTIONS, type ContentKind, JOB_CONTENT_MAX_LENGTH, JOB_DOCUMENT_MESSAGES } from '@masar/contracts';
import { i18n } from '@masar/shell/runtime';
import { JOBROLES_NAMESPACE } from '../../i18n/jobroles-translations';
import { uploadRefusalText } from './upload-refusals';

const arabic = i18n.getFixedT('ar', JOBROLES_NAMESPACE);
const english = i18n.getFixedT('en', JOBROLES_NAMESPACE);

describe("svc-jobs' refusals of a posting's file, in the reader's language", () => {
  it('gives the fixed refusals in Arabic', () => {
    expect(uploadRefusalText(JOB_DOCUMENT_MESSAGES.pdfWithoutTextLayer, arabic, 'ar')).toBe(
      'ملف PDF هذا بلا طبقة نصية (يبدو ممسوحًا ضوئيًا)؛ ارفع ملف PDF نصيًا أو الصق النص',
    );
    expect(uploadRefusalText(JOB_DOCUMENT_MESSAGES.tooMuchText, arabic, 'ar')).toBe(
      `يحوي الملف نصًا أكثر مما يُسمح به لوصف وظيفي (${new Intl.NumberFormat('ar').format(JOB_CONTENT_MAX_LENGTH)} حرف)`,
    );
  });

  it('keeps the extension of a file whose bytes disagree with its name, and names what it holds in Arabic', () => {
    expect(uploadRefusalText(JOB_DOCUMENT_MESSAGES.contentMismatch('is named .pdf but holds an image'), arabic, 'ar')).toBe(
      'اسم هذا الملف ينتهي بـ .pdf لكنه يحوي صورةً؛ يرجى رفع ملف PDF أو مستند Word أو ملف نصي',
    );
  });

  it('shows what it does not know, and English, as sent', () => {
    expect(uploadRefusalText(JOB_DOCUMENT_MESSAGES.contentMismatch('is named .pdf but holds a mystery'), arabic, 'ar')).toBe(
      'This file is named .pdf but holds a mystery; please upload a PDF, Word document, or text file',
    );
    expect(uploadRefusalText('Something else entirely', arabic, 'ar')).toBe('Something else entirely');
    expect(uploadRefusalText(JOB_DOCUMENT_MESSAGES.pdfDamaged, english, 'en')).toBe(JOB_DOCUMENT_MESSAGES.pdfDamaged);
  });

  // The English entries sit beside the Arabic ones: they must stay svc-jobs' own words.
  it("has English entries that are word for word svc-jobs' refusals", () => {
    for (const key of ['unsupportedType', 'pdfPasswordProtected', 'pdfWithoutTextLayer', 'pdfDamaged', 'wordTooLargeUnpacked', 'wordPasswordProtected', 'wordDamaged', 'noReadableText'] as const) {
      expect(english(`refusals.${key}`)).toBe(JOB_DOCUMENT_MESSAGES[key]);
    }
    expect(english('refusals.tooMuchText', { limit: JOB_CONTENT_MAX_LENGTH.toLocaleString('en-US') })).toBe(JOB_DOCUMENT_MESSAGES.tooMuchText);
    for (const kind of Object.keys(CONTENT_DESCRIPTIONS) as ContentKind[]) {
      expect(english('refusals.contentMismatch', { extension: '.txt', content: english(`common:fileContents.${kind}`) })).toBe(
        JOB_DOCUMENT_MESSAGES.contentMismatch(`is named .txt but holds ${CONTENT_DESCRIPTIONS[kind]}`),
      );
    }
  });
});
