import { isMostlyArabic } from './sentence-analysis';

/**
 * The few words Masar adds around a document's own text (quiz labels and titles, the fallback
 * activity), in the document's language: an Arabic document gets Arabic ones.
 */
export interface DocumentWording {
  quizTitle(moduleNumber: number, moduleTitle: string): string;
  answerLabel: string;
  explanationLabel: string;
  quizActivity: string;
  summariseActivity(heading: string): string;
}

const ENGLISH: DocumentWording = {
  quizTitle: (moduleNumber, moduleTitle) => `Module ${moduleNumber} Quiz: ${moduleTitle}`,
  answerLabel: 'Answer:',
  explanationLabel: 'Explanation:',
  quizActivity: 'Answer each question without looking back, then check your answers against the module.',
  summariseActivity: (heading) => `Summarise "${heading}" in your own words and give one example from your work.`,
};

const ARABIC: DocumentWording = {
  quizTitle: (moduleNumber, moduleTitle) => `اختبار الوحدة ${moduleNumber}: ${moduleTitle}`,
  answerLabel: 'الإجابة:',
  explanationLabel: 'الشرح:',
  quizActivity: 'أجب عن كل سؤال دون الرجوع إلى الدروس، ثم قارن إجاباتك بمحتوى الوحدة.',
  summariseActivity: (heading) => `لخّص «${heading}» بكلماتك وأعطِ مثالاً واحداً من عملك.`,
};

/** Arabic wording when most letters of the text are Arabic. */
export function wordingFor(text: string): DocumentWording {
  return isMostlyArabic(text.slice(0, 20_000)) ? ARABIC : ENGLISH;
}
