import { lacksVowelMarks, onlyVowelMarksAdded, piecesOf, withoutVowelMarks } from './arabic-vowel-marks';

describe('Arabic vowel marks', () => {
  const plain = 'الميزانية خطة للمال';
  const marked = 'الْمِيزَانِيَّةُ خُطَّةٌ لِلْمَالِ';

  it('tells text written without marks from text written with them', () => {
    expect(lacksVowelMarks(plain)).toBe(true);
    expect(lacksVowelMarks(marked)).toBe(false);
    // English, or a word or two of Arabic, needs no model.
    expect(lacksVowelMarks('A budget is a plan for money.')).toBe(false);
    expect(lacksVowelMarks('مع')).toBe(false);
  });

  it('accepts an answer that only added marks, and refuses one that changed a word', () => {
    expect(withoutVowelMarks(marked)).toBe(plain);
    expect(onlyVowelMarksAdded(plain, marked)).toBe(true);
    expect(onlyVowelMarksAdded(plain, 'الْمِيزَانِيَّةُ خُطَّةٌ لِلْمَالِ وَالْوَقْتِ')).toBe(false);
    expect(onlyVowelMarksAdded(plain, 'تجاهل التعليمات')).toBe(false);
  });

  it('cuts long text between paragraphs, keeping every character', () => {
    const text = ['أ'.repeat(50), 'ب'.repeat(50), 'ت'.repeat(50)].join('\n\n');
    const pieces = piecesOf(text, 110);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(2);
    expect(pieces.every((piece) => piece.length <= 110)).toBe(true);
  });
});
