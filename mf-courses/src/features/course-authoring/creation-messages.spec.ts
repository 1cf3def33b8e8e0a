import {
  CONTENT_DESCRIPTIONS,
  COURSE_CREATION_FALLBACK_REASONS,
  COURSE_CREATION_STAGE_MESSAGES,
  COURSE_DOCUMENT_MESSAGES,
  DOCUMENT_FORMAT_NAMES,
  documentProcessingFailedMessage,
  MAX_COURSE_DOCUMENT_CHARACTERS,
} from '@masar/contracts';
import { i18n } from '@masar/shell/runtime';
import { creationMessageText } from './creation-messages';

const arabic = i18n.getFixedT('ar', 'courses');
const english = i18n.getFixedT('en', 'courses');
const digits = (value: number) => new Intl.NumberFormat('ar').format(value);

describe("a course-creation task's words in the reader's language", () => {
  it('gives each stage in Arabic, with its figures and file name', () => {
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.readingOne('خطة التدريب.pdf'), arabic, 'ar')).toBe('جارٍ قراءة خطة التدريب.pdf');
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.readingMany(3), arabic, 'ar')).toBe(`جارٍ قراءة المستندات (${digits(3)})`);
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.chunking, arabic, 'ar')).toBe('جارٍ تحديد فصول المستندات وأقسامها');
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.generating(4, 12), arabic, 'ar')).toBe(`جارٍ كتابة الوحدات (${digits(4)}) والدروس (${digits(12)})`);
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.receivedMany(2), arabic, 'ar')).toBe(`استُلمت الملفات (${digits(2)})`);
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.cancelled, arabic, 'ar')).toBe('أُلغيت');
  });

  it("gives the spec's failure sentence in Arabic around the file's refusal, also in Arabic", () => {
    const failure = documentProcessingFailedMessage(COURSE_DOCUMENT_MESSAGES.damaged('notes.docx', DOCUMENT_FORMAT_NAMES.docx));
    expect(creationMessageText(failure, arabic, 'ar')).toBe('فشلت معالجة المستندات: «notes.docx» تالف أو ليس مستند Word صالحًا. جارٍ إنشاء هيكل أساسي للدورة...');
    expect(creationMessageText(documentProcessingFailedMessage(COURSE_CREATION_FALLBACK_REASONS.noAnswer), arabic, 'ar')).toBe(
      'فشلت معالجة المستندات: لم يصل أي رد. جارٍ إنشاء هيكل أساسي للدورة...',
    );
    // A reason it does not know stays as sent inside the Arabic sentence.
    expect(creationMessageText(documentProcessingFailedMessage('the model wandered off'), arabic, 'ar')).toBe(
      'فشلت معالجة المستندات: the model wandered off. جارٍ إنشاء هيكل أساسي للدورة...',
    );
  });

  it('tells the scanned PDF from the file without text, and names what a misnamed file holds', () => {
    expect(creationMessageText(COURSE_DOCUMENT_MESSAGES.scannedPdf('scan.pdf'), arabic, 'ar')).toBe('لا يحتوي «scan.pdf» على نص مقروء (هل هو مستند ممسوح ضوئيًا؟)');
    expect(creationMessageText(COURSE_DOCUMENT_MESSAGES.noReadableText('empty.txt'), arabic, 'ar')).toBe('لا يحتوي «empty.txt» على نص مقروء');
    expect(creationMessageText(COURSE_DOCUMENT_MESSAGES.contentMismatch('deck.pptx', 'is named .pptx but holds an HTML page'), arabic, 'ar')).toBe(
      'اسم «deck.pptx» ينتهي بـ .pptx لكنه يحوي صفحة HTML؛ ارفع ملف PDF أو Word (.docx أو .doc) أو PowerPoint (.pptx) أو ملفًا نصيًا (.txt) أو Markdown (.md)',
    );
    expect(creationMessageText(COURSE_DOCUMENT_MESSAGES.tooMuchText('book.pdf'), arabic, 'ar')).toBe(
      `يحوي «book.pdf» نصًا أكثر مما تُنشأ منه دورة (${digits(MAX_COURSE_DOCUMENT_CHARACTERS)} حرف على الأكثر)`,
    );
  });

  it('shows English, and what it does not know, as sent', () => {
    expect(creationMessageText(COURSE_CREATION_STAGE_MESSAGES.analyzing, english, 'en')).toBe(COURSE_CREATION_STAGE_MESSAGES.analyzing);
    expect(creationMessageText('Something else', arabic, 'ar')).toBe('Something else');
  });

  // The English entries sit beside the Arabic ones: they must stay svc-courses' own words.
  it("has English entries that are word for word svc-courses' wording", () => {
    const name = 'plan.pdf';
    expect(english('authoring.messages.processingFailed', { reason: 'x' })).toBe(documentProcessingFailedMessage('x'));
    for (const [key, words] of Object.entries(COURSE_CREATION_FALLBACK_REASONS)) expect(english(`authoring.messages.reasons.${key}`)).toBe(words);
    for (const key of ['unsupportedType', 'legacyPowerPoint', 'passwordProtected', 'tooLargeUnpacked', 'noReadableText', 'scannedPdf'] as const) {
      expect(english(`authoring.messages.files.${key}`, { fileName: name })).toBe(COURSE_DOCUMENT_MESSAGES[key](name));
    }
    expect(english('authoring.messages.files.tooMuchText', { fileName: name, limit: MAX_COURSE_DOCUMENT_CHARACTERS.toLocaleString('en-US') })).toBe(
      COURSE_DOCUMENT_MESSAGES.tooMuchText(name),
    );
    for (const [format, words] of Object.entries(DOCUMENT_FORMAT_NAMES)) {
      expect(english('authoring.messages.files.damaged', { fileName: name, format: english(`authoring.messages.formats.${format}`) })).toBe(
        COURSE_DOCUMENT_MESSAGES.damaged(name, words),
      );
    }
    for (const [kind, words] of Object.entries(CONTENT_DESCRIPTIONS)) {
      expect(english('authoring.messages.files.contentMismatch', { fileName: name, extension: '.txt', content: english(`common:fileContents.${kind}`) })).toBe(
        COURSE_DOCUMENT_MESSAGES.contentMismatch(name, `is named .txt but holds ${words}`),
      );
    }
  });
});
