import { rankSentences, wordFrequencies } from './lesson-extracts';
import { buildModuleQuiz, type QuizLessonInput } from './module-quiz';
import { splitSentences } from './sentence-analysis';

function lesson(title: string, text: string, frequencies: Map<string, number>): QuizLessonInput {
  const sentences = splitSentences(text);
  return { title, sentences, ranked: rankSentences(sentences, frequencies), sources: [{ origin: 'document', fileName: 'noise.docx', section: title }] };
}

function quizOf(lessons: Record<string, string>) {
  const frequencies = wordFrequencies(Object.values(lessons));
  return buildModuleQuiz(Object.entries(lessons).map(([title, text]) => lesson(title, text, frequencies)));
}

describe('buildModuleQuiz', () => {
  it('asks what a defined term means, about its numbers, and whether its statements are true', () => {
    const quiz = quizOf({
      'Noise Basics': 'A decibel is the unit used to measure how loud a sound is. Noise damages hearing slowly over many years.',
      Limits: 'Exposure above 85 decibels must be controlled. Damage builds up over years of exposure.',
      'Hearing Protection': 'Personal protective equipment means equipment worn to reduce exposure. Ear defenders work only when they fit well.',
    });
    expect(quiz?.content.split('\n\n')).toEqual([
      '1. What is a decibel?\nAnswer: The unit used to measure how loud a sound is.\nExplanation: A decibel is the unit used to measure how loud a sound is.',
      '2. True or false: Noise damages hearing slowly over many years.\nAnswer: True.\nExplanation: Noise damages hearing slowly over many years.',
      '3. Fill in the blank: Exposure above ____ decibels must be controlled.\nAnswer: 85.\nExplanation: Exposure above 85 decibels must be controlled.',
      '4. True or false: Damage builds up over years of exposure.\nAnswer: True.\nExplanation: Damage builds up over years of exposure.',
      '5. What does personal protective equipment mean?\nAnswer: Equipment worn to reduce exposure.\nExplanation: Personal protective equipment means equipment worn to reduce exposure.',
    ]);
    expect(quiz?.topics).toEqual(['Decibel', 'Noise Basics', 'Limits', 'Personal protective equipment']);
    expect(quiz?.questionCount).toBe(5);
    expect(quiz?.sources.map((source) => source.section)).toEqual(['Noise Basics', 'Limits', 'Hearing Protection']);
  });

  it('never asks whether an instruction is true, nor asks about one term twice', () => {
    const quiz = quizOf({
      Assessments: 'A risk assessment is a record of hazards and controls. Risk assessment is the process of judging harm. Review the assessment every year. Keep a copy on site.',
    });
    const questions = quiz?.content.split('\n\n').map((block) => block.split('\n')[0]) ?? [];
    expect(questions.filter((question) => /What is (a )?risk assessment\?/.test(question))).toHaveLength(1);
    expect(questions.join(' ')).not.toMatch(/Review the assessment|Keep a copy/);
  });

  it('asks in Arabic about Arabic text', () => {
    const quiz = quizOf({ الحوادث: 'الحادث هو أي حدث غير مخطط له يسبب ضرراً. يجب إكمال التقرير خلال 24 ساعة.' });
    expect(quiz?.content.split('\n\n')).toEqual([
      '1. ما هو الحادث؟\nالإجابة: أي حدث غير مخطط له يسبب ضرراً.\nالشرح: الحادث هو أي حدث غير مخطط له يسبب ضرراً.',
      '2. أكمل الفراغ: يجب إكمال التقرير خلال ____ ساعة.\nالإجابة: 24.\nالشرح: يجب إكمال التقرير خلال 24 ساعة.',
    ]);
  });

  it('is not made for a module of fewer than 2 sentences', () => {
    expect(quizOf({ Exits: 'Keep every fire exit clear at all times.' })).toBeNull();
  });
});
