import type { ExtractedSkill, PredefinedJobRole, SkillCategory } from '@masar/contracts';

/**
 * The built-in sample skills of spec section 9, used ONLY when `POST /api/demo-job-generation`
 * fails: 8 each for Software Engineer, Data Scientist and Product Manager, and 4 generic
 * behavioral skills for every other role. They carry no evidence (there is no posting) and are
 * never saved. Confidences straddle the 0.7 threshold on purpose, so the review has choices.
 */
type SampleSkill = [name: string, nameAr: string, category: SkillCategory, confidence: number];

const ROLE_SAMPLE_SKILLS: Partial<Record<PredefinedJobRole, SampleSkill[]>> = {
  'Software Engineer': [
    ['JavaScript', 'جافاسكريبت', 'technical', 0.95],
    ['TypeScript', 'تايب سكريبت', 'technical', 0.9],
    ['React', 'رياكت', 'technical', 0.88],
    ['Node.js', 'نود جي إس', 'technical', 0.85],
    ['SQL', 'لغة الاستعلام البنيوية SQL', 'technical', 0.82],
    ['Git', 'نظام التحكم بالإصدارات Git', 'technical', 0.8],
    ['Problem Solving', 'حل المشكلات', 'behavioral', 0.75],
    ['Agile Methodologies', 'المنهجيات الرشيقة', 'functional', 0.65],
  ],
  'Data Scientist': [
    ['Python', 'بايثون', 'technical', 0.95],
    ['Machine Learning', 'تعلّم الآلة', 'technical', 0.92],
    ['Statistics', 'الإحصاء', 'technical', 0.9],
    ['SQL', 'لغة الاستعلام البنيوية SQL', 'technical', 0.85],
    ['Data Visualization', 'تصوير البيانات', 'technical', 0.8],
    ['Data Cleaning', 'تنقية البيانات', 'functional', 0.78],
    ['Communication', 'التواصل', 'behavioral', 0.72],
    ['Deep Learning', 'التعلّم العميق', 'technical', 0.6],
  ],
  'Product Manager': [
    ['Product Strategy', 'استراتيجية المنتج', 'functional', 0.92],
    ['Roadmap Planning', 'تخطيط خارطة الطريق', 'functional', 0.9],
    ['User Research', 'أبحاث المستخدمين', 'functional', 0.85],
    ['Stakeholder Management', 'إدارة أصحاب المصلحة', 'behavioral', 0.85],
    ['Agile Methodologies', 'المنهجيات الرشيقة', 'functional', 0.8],
    ['Data Analysis', 'تحليل البيانات', 'technical', 0.75],
    ['Communication', 'التواصل', 'behavioral', 0.8],
    ['Market Analysis', 'تحليل السوق', 'functional', 0.65],
  ],
};

const GENERIC_SAMPLE_SKILLS: SampleSkill[] = [
  ['Communication', 'التواصل', 'behavioral', 0.8],
  ['Teamwork', 'العمل الجماعي', 'behavioral', 0.8],
  ['Problem Solving', 'حل المشكلات', 'behavioral', 0.75],
  ['Time Management', 'إدارة الوقت', 'behavioral', 0.72],
];

export function fallbackSkillsFor(role: PredefinedJobRole): ExtractedSkill[] {
  return (ROLE_SAMPLE_SKILLS[role] ?? GENERIC_SAMPLE_SKILLS).map(([name, nameAr, category, confidence]) => ({
    name,
    nameAr,
    category,
    confidence,
    evidence: [],
  }));
}
