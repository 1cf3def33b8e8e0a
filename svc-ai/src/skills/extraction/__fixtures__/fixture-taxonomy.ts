import { buildTaxonomy, Taxonomy, TaxonomyFile } from '../../taxonomy/taxonomy';

type Entry = TaxonomyFile['skills'][number];

function skill(id: string, name: string, nameAr: string, extra: Partial<Entry> = {}): Entry {
  return { id, name, nameAr, aliases: [], aliasesAr: [], caseSensitiveAliases: [], ...extra };
}

/**
 * A small, fixed taxonomy for unit tests, so they do not depend on the evolving real data.
 * It holds the cases the matcher must handle: case-sensitive aliases, abbreviations, symbols,
 * British spellings, multi-word phrases, Arabic labels, and one broad skill with narrower ones.
 */
export const FIXTURE_TAXONOMY_FILES: TaxonomyFile[] = [
  {
    domain: 'programming',
    category: 'technical',
    skills: [
      skill('technical.software-development', 'Software Development', 'تطوير البرمجيات', {
        aliases: ['programming', 'coding'],
        aliasesAr: ['البرمجة'],
      }),
      skill('technical.python', 'Python', 'بايثون', { aliases: ['python3'], broader: 'technical.software-development' }),
      skill('technical.java', 'Java', 'جافا', { broader: 'technical.software-development' }),
      skill('technical.go', 'Go', 'لغة جو', { aliases: ['golang'], caseSensitiveAliases: ['Go'], broader: 'technical.software-development' }),
      skill('technical.r', 'R', 'لغة آر', { caseSensitiveAliases: ['R'] }),
      skill('technical.react', 'React', 'رياكت', { aliases: ['react.js', 'reactjs'], caseSensitiveAliases: ['React'] }),
      skill('technical.cpp', 'C++', 'سي بلس بلس', { aliases: ['cpp'] }),
      skill('technical.csharp', 'C#', 'سي شارب', { aliases: ['c sharp'] }),
      skill('technical.dotnet', '.NET', 'دوت نت', { aliases: ['dotnet', 'asp.net'] }),
      skill('technical.nodejs', 'Node.js', 'نود جي إس', { aliases: ['nodejs', 'node'] }),
      skill('technical.front-end-development', 'Front-End Development', 'تطوير الواجهات الأمامية', {
        aliases: ['front-end engineering'],
        aliasesAr: ['الواجهات الأمامية'],
      }),
      skill('technical.kubernetes', 'Kubernetes', 'كوبرنيتيس', { aliases: ['k8s'], aliasesAr: ['كوبرنيتس'] }),
      skill('technical.ci-cd', 'CI/CD', 'التكامل والنشر المستمر', {
        aliases: ['continuous integration', 'continuous delivery', 'ci cd'],
        aliasesAr: ['التكامل المستمر'],
      }),
      skill('technical.relational-databases', 'Relational Databases', 'قواعد البيانات العلائقية', {
        aliases: ['rdbms', 'relational database management'],
        aliasesAr: ['قواعد البيانات الارتباطية'],
      }),
      skill('technical.machine-learning', 'Machine Learning', 'تعلم الآلة', {
        caseSensitiveAliases: ['ML'],
        aliasesAr: ['التعلم الآلي'],
      }),
      skill('technical.data-visualisation', 'Data Visualization', 'تصور البيانات', { aliases: ['data visualisation'] }),
      skill('technical.it-support', 'IT Support', 'الدعم الفني لتقنية المعلومات', { aliases: ['it support'], caseSensitiveAliases: ['IT'] }),
      skill('technical.typing', 'Typing', 'الطباعة على لوحة المفاتيح', { aliases: ['touch typing'] }),
      skill('technical.code-review', 'Code Review', 'مراجعة الشيفرة', { aliases: ['peer code review'] }),
      skill('technical.cloud-computing', 'Cloud Computing', 'الحوسبة السحابية', { aliasesAr: ['السحابة'] }),
    ],
  },
  {
    domain: 'management',
    category: 'functional',
    skills: [
      skill('functional.project-management', 'Project Management', 'إدارة المشاريع', {
        aliases: ['managing projects', 'manage projects'],
        aliasesAr: ['ادارة مشاريع'],
      }),
      skill('functional.event-organisation', 'Event Organization', 'تنظيم الفعاليات', { aliases: ['organize events', 'event planning'] }),
      skill('functional.stakeholder-management', 'Stakeholder Management', 'إدارة أصحاب المصلحة', {
        aliases: ['manage stakeholders', 'stakeholder engagement'],
      }),
      skill('functional.research-and-development', 'Research and Development', 'البحث والتطوير', { aliases: ['R&D'] }),
      skill('functional.colour-theory', 'Color Theory', 'نظرية الألوان', {}),
      skill('functional.budget-management', 'Budget Management', 'إدارة الميزانية', { aliases: ['budgeting'] }),
    ],
  },
  {
    domain: 'interpersonal',
    category: 'behavioral',
    skills: [
      skill('behavioral.communication', 'Communication', 'التواصل', {
        aliases: ['communication skills', 'communicate clearly'],
        aliasesAr: ['مهارات التواصل', 'مهارات الاتصال'],
      }),
      skill('behavioral.teamwork', 'Teamwork', 'العمل الجماعي', { aliases: ['team player', 'work in a team'] }),
      skill('behavioral.leadership', 'Leadership', 'القيادة', { aliases: ['lead teams'] }),
      skill('behavioral.mentoring', 'Mentoring', 'الإرشاد', { aliases: ['mentorship'] }),
    ],
  },
  {
    domain: 'privacy',
    category: 'compliance',
    skills: [
      skill('compliance.data-privacy', 'Data Privacy', 'خصوصية البيانات', {
        aliases: ['data protection', 'privacy regulations'],
        caseSensitiveAliases: ['GDPR'],
        aliasesAr: ['حماية البيانات'],
      }),
    ],
  },
];

export function fixtureTaxonomy(): Taxonomy {
  return buildTaxonomy(
    FIXTURE_TAXONOMY_FILES.map((content, index) => ({ source: `fixture-${index}.json`, content })),
    'test.0',
  );
}
