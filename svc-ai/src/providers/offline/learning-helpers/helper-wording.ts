import { Language } from '@masar/contracts';

/**
 * The framing the offline helpers write around what they take from the passage, in the request's
 * language. Only headings, labels and connecting phrases: every statement of substance is a quote
 * of the passage or a name from the library and the taxonomy.
 */
export interface HelperWording {
  source: (lesson: string, course: string) => string;
  summary: { title: string; inBrief: string; keyPoints: string; skills: string };
  quiz: { title: string; answers: string; instructions: string };
  analysis: {
    title: string;
    concepts: string;
    skill: string;
    term: string;
    relations: string;
    partOf: (skill: string, broader: string) => string;
    knowFirst: (broader: string) => string;
    narrower: (skill: string, narrower: string) => string;
    noRelations: string;
    deeper: string;
    noDeeper: string;
    relatedLessons: string;
  };
  scenarios: {
    title: (role: string | undefined) => string;
    general: string;
    scenario: (index: number, concept: string) => string;
    situation: (role: string | undefined) => string;
    task: string;
    think: (concept: string) => string;
  };
  visual: { title: string; otherIdeas: string; relatedSkills: string; broader: string; narrower: string };
  exercises: { title: string; exercise: (index: number) => string; steps: string; review: string; apply: (skills: string) => string; check: string };
}

export const HELPER_WORDING: Readonly<Record<Language, HelperWording>> = {
  en: {
    source: (lesson, course) => `*From “${lesson}” — ${course}*`,
    summary: { title: 'Smart summary', inBrief: 'In brief', keyPoints: 'Key points', skills: 'Skills' },
    quiz: { title: 'Knowledge quiz', answers: 'Answers', instructions: 'Choose the word that completes each statement from the lesson.' },
    analysis: {
      title: 'Deep understanding',
      concepts: 'Concepts in this passage',
      skill: 'skill',
      term: 'key term',
      relations: 'How they relate',
      partOf: (skill, broader) => `**${skill}** is part of **${broader}**.`,
      knowFirst: (broader) => `Know first: **${broader}** (the broader skill it builds on).`,
      narrower: (skill, narrower) => `Within **${skill}**: ${narrower}.`,
      noRelations: 'The skills taxonomy lists no broader or narrower skills for these concepts.',
      deeper: 'Courses that go deeper',
      noDeeper: 'No course in your library goes deeper on these skills yet.',
      relatedLessons: 'Related lessons',
    },
    scenarios: {
      title: (role) => (role === undefined ? 'Creative thinking' : `Creative thinking for your role (${role})`),
      general:
        'These scenarios are general because your job role is not known yet. Analyse a job description (Job analysis) and they will be set in your role.',
      scenario: (index, concept) => `Scenario ${index}: ${concept} at work`,
      situation: (role) => (role === undefined ? 'At work, this idea from the lesson applies:' : `In your role as ${role}, you meet a situation where this idea from the lesson applies:`),
      task: 'Your move:',
      think: (concept) => `Think it through: what would go wrong if ${concept} were ignored here, and who would notice first?`,
    },
    visual: { title: 'Visual expansion', otherIdeas: 'Other key ideas', relatedSkills: 'Related skills', broader: 'broader', narrower: 'narrower' },
    exercises: {
      title: 'Hands-on practice',
      exercise: (index) => `Exercise ${index}`,
      steps: 'Steps',
      review: 'Re-read this part of the lesson:',
      apply: (skills) => `Do it on real material from your own work, using ${skills}.`,
      check: 'Check your result',
    },
  },
  ar: {
    source: (lesson, course) => `*من درس «${lesson}» — ${course}*`,
    summary: { title: 'الملخص الذكي', inBrief: 'باختصار', keyPoints: 'النقاط الرئيسية', skills: 'المهارات' },
    quiz: { title: 'اختبار المعرفة', answers: 'الإجابات', instructions: 'اختر الكلمة التي تكمل كل عبارة من الدرس.' },
    analysis: {
      title: 'الفهم العميق',
      concepts: 'المفاهيم في هذا المقطع',
      skill: 'مهارة',
      term: 'مصطلح رئيسي',
      relations: 'كيف ترتبط ببعضها',
      partOf: (skill, broader) => `**${skill}** جزء من **${broader}**.`,
      knowFirst: (broader) => `اعرف أولًا: **${broader}** (المهارة الأشمل التي تُبنى عليها).`,
      narrower: (skill, narrower) => `ضمن **${skill}**: ${narrower}.`,
      noRelations: 'لا يذكر تصنيف المهارات مهارات أشمل أو أدق لهذه المفاهيم.',
      deeper: 'دورات تتعمق أكثر',
      noDeeper: 'لا توجد في مكتبتك بعدُ دورة تتعمق أكثر في هذه المهارات.',
      relatedLessons: 'دروس ذات صلة',
    },
    scenarios: {
      title: (role) => (role === undefined ? 'التفكير الإبداعي' : `التفكير الإبداعي لدورك (${role})`),
      general: 'هذه السيناريوهات عامة لأن دورك الوظيفي غير معروف بعد. حلّل وصفًا وظيفيًا (تحليل الوظيفة) لتُصاغ وفق دورك.',
      scenario: (index, concept) => `السيناريو ${index}: ${concept} في العمل`,
      situation: (role) => (role === undefined ? 'في العمل، تنطبق هذه الفكرة من الدرس:' : `بصفتك ${role}، تواجه موقفًا تنطبق عليه هذه الفكرة من الدرس:`),
      task: 'خطوتك:',
      think: (concept) => `فكّر: ما الذي قد يسوء لو أُهمل ${concept} هنا، ومن سيلاحظ ذلك أولًا؟`,
    },
    visual: { title: 'التوسع البصري', otherIdeas: 'أفكار رئيسية أخرى', relatedSkills: 'مهارات ذات صلة', broader: 'أشمل', narrower: 'أدق' },
    exercises: {
      title: 'التطبيق العملي',
      exercise: (index) => `التمرين ${index}`,
      steps: 'الخطوات',
      review: 'أعد قراءة هذا الجزء من الدرس:',
      apply: (skills) => `طبّق ذلك على مادة حقيقية من عملك، مستخدمًا ${skills}.`,
      check: 'تحقق من نتيجتك',
    },
  },
};
