import { exerciseFeedbackRequestSchema, ExerciseFeedbackRequest } from '@masar/contracts';
import { picturesNotRead } from '../exercise-feedback-writer';
import { addresses, coverageKeyOf, coverageKeysOf, OfflineExerciseFeedback } from './offline-exercise-feedback';

const feedback = new OfflineExerciseFeedback();
const write = (request: ExerciseFeedbackRequest) => {
  const checked = exerciseFeedbackRequestSchema.parse(request);
  return feedback.write(checked, picturesNotRead(checked));
};

const RETROSPECTIVE = {
  title: 'Run a retrospective',
  instructions: 'Run a retrospective with your team and write down what you agreed.',
  checklist: ['Run the retrospective with the whole team'],
  keyPoints: ['Limit the outcomes to two actions', 'Give every action an owner'],
};

describe('OfflineExerciseFeedback', () => {
  it('lists what English work covers and what seems missing, and says it is not a grade', async () => {
    const written = await write({
      language: 'en',
      exercise: RETROSPECTIVE,
      work: 'We ran our retrospective with the whole team on Friday and limited outcomes to two actions.',
      checkedItems: ['Give every action an owner'],
    });
    expect(written.covered).toEqual(['Run the retrospective with the whole team', 'Limit the outcomes to two actions']);
    expect(written.missing).toEqual(['Give every action an owner']);
    expect(written.text).toContain('automatic check of coverage, not a grade');
    expect(written.text).toContain('Your work addresses 2 of the 3 points of this exercise.');
    // The learner ticked an item their work does not mention: said plainly.
    expect(written.text).toMatch(/You ticked these yourself[^]*- Give every action an owner/);
  });

  it('reads Arabic work after normalising letters, the article and endings, and answers in Arabic', async () => {
    const written = await write({
      language: 'ar',
      exercise: { title: 'تحديد المخاطر', instructions: 'تجوّل في مكان العمل.', checklist: ['حدد المخاطر الشائعة في مكان العمل'], keyPoints: ['اكتب تقرير الحادث بوضوح', 'قيّم الخطر حسب احتمال وقوعه'] },
      // "مخاطر" without the article, "إحتمال" with another alef; nothing about the incident report.
      work: 'حددت مخاطر شائعة كثيرة في مكان عملنا، وقيمت كل خطر حسب إحتمال وقوعه.',
    });
    expect(written.covered).toEqual(['حدد المخاطر الشائعة في مكان العمل', 'قيّم الخطر حسب احتمال وقوعه']);
    expect(written.missing).toEqual(['اكتب تقرير الحادث بوضوح']);
    expect(written.text).toContain('هذا فحص آلي للتغطية وليس تقييمًا');
    expect(written.text).toContain('يتناول عملك 2 من أصل 3 من نقاط هذا التمرين.');
  });

  it('counts the text of attached documents, and names the files it could not read', async () => {
    const written = await write({
      language: 'en',
      exercise: RETROSPECTIVE,
      work: '',
      attachmentTexts: [{ name: 'notes.docx', text: 'Every action got an owner. The whole team ran the retrospective.' }],
      unreadAttachments: ['scan.pdf'],
    });
    expect(written.covered).toEqual(['Run the retrospective with the whole team', 'Give every action an owner']);
    expect(written.text).toContain('The text of notes.docx was included in the check.');
    expect(written.text).toContain('Not read by this check (no text to read): scan.pdf.');
  });

  it('says plainly, in English and Arabic, that it did not look at attached pictures, and that an admin still sees them', async () => {
    const pictures = {
      exercise: RETROSPECTIVE,
      work: 'We ran our retrospective with the whole team.',
      attachmentImages: [
        { name: 'board.png', key: '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', mediaType: 'image/png' as const, size: 68 },
        { name: 'whiteboard.jpg', key: '1d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', mediaType: 'image/jpeg' as const, size: 5_000_000 },
      ],
    };
    const english = await write({ language: 'en', ...pictures });
    expect(english.text).toContain(
      'This feedback did not look at board.png, whiteboard.jpg: it cannot read images, so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.',
    );
    expect(english.text).not.toMatch(/looked at your pictures/);
    const arabic = await write({ language: 'ar', ...pictures });
    expect(arabic.text).toContain('لم تطّلع هذه الملاحظات على board.png، whiteboard.jpg: فهي لا تستطيع قراءة الصور');
    expect(arabic.text).toContain('ويرى المسؤول الذي يراجع تسليمك هذه الصور.');
  });

  it('says so when an exercise has nothing to check against, instead of inventing a verdict', async () => {
    const written = await write({ language: 'en', exercise: { title: 'Reflect', instructions: 'Reflect.', checklist: [], keyPoints: [] }, work: 'I reflected.' });
    expect(written).toMatchObject({ covered: [], missing: [] });
    expect(written.text).toContain('no checklist or key points');
  });

  it('meets inflected English words on one stem', () => {
    expect(['plan', 'plans', 'planned', 'planning'].map(coverageKeyOf)).toEqual(['plan', 'plan', 'plan', 'plan']);
    expect(['stage', 'stages', 'generate', 'generated', 'boxes', 'box'].map(coverageKeyOf)).toEqual(['stag', 'stag', 'generat', 'generat', 'box', 'box']);
  });

  it('needs at least half of a point’s meaningful words, ignoring stop words', () => {
    const work = coverageKeysOf('The owner of the action');
    expect(addresses(work, 'Give every action an owner')).toBe(true);
    expect(addresses(work, 'Limit the outcomes to two actions')).toBe(false);
    expect(addresses(coverageKeysOf('the and of'), 'the of')).toBe(false);
  });
});
