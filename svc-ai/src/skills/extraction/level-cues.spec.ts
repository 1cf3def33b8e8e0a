import { defaultExpectedLevel, highestLevel, levelCueAt, levelForYears, postingSeniority } from './level-cues';

/** The level a sentence asks of the first place `term` appears in it. */
function levelOf(sentence: string, term: string) {
  const start = sentence.indexOf(term);
  if (start < 0) throw new Error(`"${term}" is not in "${sentence}"`);
  return levelCueAt(sentence, start, start + term.length);
}

describe('levelCueAt', () => {
  it.each([
    ['Expert in SQL and query tuning on large warehouses', 'SQL', 'expert'],
    ['Deep knowledge of Kubernetes networking', 'Kubernetes', 'expert'],
    ['Strong Python skills with pandas, NumPy and scikit-learn', 'Python', 'strong'],
    ['Strong Python skills with pandas, NumPy and scikit-learn', 'scikit-learn', 'strong'],
    ['Advanced SQL for joining and aggregating large tables', 'SQL', 'strong'],
    ['A solid understanding of data modelling', 'data modelling', 'strong'],
    ['5+ years of experience with Spark and Python', 'Spark', 'strong'],
    ['5+ years of experience with Spark and Python', 'Python', 'strong'],
    ['3-5 years of hands-on experience building ETL pipelines', 'ETL', 'working'],
    ['At least two years of Java development', 'Java', 'working'],
    ['12+ years designing payment systems in Java', 'Java', 'expert'],
    ['A year of experience with Excel', 'Excel', 'basic'],
    ['Working knowledge of Airflow', 'Airflow', 'working'],
    ['Familiarity with MLflow, Airflow or Databricks', 'Databricks', 'basic'],
    ['Exposure to Kafka is a plus', 'Kafka', 'basic'],
    ['Basic Excel', 'Excel', 'basic'],
    ['SQL at an expert level', 'SQL', 'expert'],
    ['Python (5+ years)', 'Python', 'strong'],
    ['خبرة متقدمة في SQL وتحسين الاستعلامات', 'SQL', 'expert'],
    ['إتقان لغة بايثون', 'بايثون', 'strong'],
    ['معرفة جيدة بأدوات Airflow', 'Airflow', 'working'],
    ['إلمام بـ Kafka', 'Kafka', 'basic'],
    ['أساسيات Excel', 'Excel', 'basic'],
    ['5 سنوات خبرة في Spark', 'Spark', 'strong'],
    ['خبرة لا تقل عن ثلاث سنوات في تطوير Java', 'Java', 'working'],
    ['خبرة واسعة في إدارة المشاريع', 'إدارة المشاريع', 'strong'],
    ['إلمام متين بإدارة أنظمة Linux وأساسيات الشبكات', 'Linux', 'strong'],
    ['إلمام متين بإدارة أنظمة Linux وأساسيات الشبكات', 'الشبكات', 'basic'],
  ] as const)('reads "%s" as asking %s at %s', (sentence, term, level) => {
    expect(levelOf(sentence, term)).toBe(level);
  });

  it('gives each part of a list its own level, the words of its own part first', () => {
    const sentence = 'Strong Python, working knowledge of Airflow and familiarity with Kafka';
    expect(levelOf(sentence, 'Python')).toBe('strong');
    expect(levelOf(sentence, 'Airflow')).toBe('working');
    expect(levelOf(sentence, 'Kafka')).toBe('basic');
    const arabic = 'إتقان بايثون، ومعرفة جيدة بـ Airflow، وإلمام بـ Kafka';
    expect(levelOf(arabic, 'بايثون')).toBe('strong');
    expect(levelOf(arabic, 'Airflow')).toBe('working');
    expect(levelOf(arabic, 'Kafka')).toBe('basic');
  });

  it('does not carry a level past a semicolon into the next requirement', () => {
    const sentence = 'Requirements: expert Python and SQL; building pipelines with Apache Spark, Apache Kafka and Apache Airflow';
    expect(levelOf(sentence, 'SQL')).toBe('expert');
    expect(levelOf(sentence, 'Apache Spark')).toBeUndefined();
    expect(levelOf(sentence, 'Apache Airflow')).toBeUndefined();
  });

  it('names no level where the sentence only asks for the skill', () => {
    expect(levelOf('Experience with Git and code review', 'Git')).toBeUndefined();
    expect(levelOf('Strong communication skills and experience with Python', 'Python')).toBeUndefined();
    expect(levelOf('Build dashboards in Power BI', 'Power BI')).toBeUndefined();
    expect(levelOf('خبرة في Docker', 'Docker')).toBeUndefined();
  });

  it('does not read a skill that merely contains a cue word as a level', () => {
    expect(levelOf('Experience with deep learning frameworks such as PyTorch', 'PyTorch')).toBeUndefined();
    expect(levelOf('Maintain legacy Visual Basic applications', 'Visual Basic')).toBeUndefined();
    expect(levelOf('Apply SOLID principles in C#', 'C#')).toBeUndefined();
  });
});

describe('levelForYears', () => {
  it('reads 1 year as basic, 2 to 4 as working, 5 to 9 as strong and 10 or more as expert', () => {
    expect([1, 2, 4, 5, 9, 10].map(levelForYears)).toEqual(['basic', 'working', 'working', 'strong', 'strong', 'expert']);
  });
});

describe('postingSeniority', () => {
  it.each([
    ['Senior Data Engineer\n\nAbout the role\nWe move data.', 'senior'],
    ['Lead Backend Engineer\nResponsibilities', 'lead'],
    ['Principal Architect', 'lead'],
    ['Junior Frontend Developer\nWhat you will do', 'junior'],
    ['About us\nWe are looking for a Senior Data Engineer to join our team.', 'senior'],
    ['Data Scientist\nAbout the role', 'mid'],
    ['مهندس بيانات أول\nعن الدور', 'senior'],
    ['كبير محللي البيانات', 'senior'],
    ['مهندس برمجيات رئيسي', 'lead'],
    ['مطور واجهات مبتدئ', 'junior'],
    ['عن الدور\nنبحث عن مهندس بيانات أول للانضمام إلى فريقنا.', 'senior'],
    ['عالم بيانات\nعن الدور', 'mid'],
  ] as const)('reads %j as %s', (text, seniority) => {
    expect(postingSeniority(text)).toBe(seniority);
  });

  it('reads a title given apart from the text first', () => {
    expect(postingSeniority('About the role\nYou will build pipelines.', 'Senior Data Engineer')).toBe('senior');
  });

  it('does not take a verb in the body for the title', () => {
    expect(postingSeniority('About the role\nYou will lead the migration to the cloud and mentor junior engineers in our team every week.')).toBe('mid');
  });
});

describe('defaultExpectedLevel', () => {
  it('sets required skills by seniority and nice-to-have ones a step below, at least basic', () => {
    expect(defaultExpectedLevel('junior', 'required')).toBe('basic');
    expect(defaultExpectedLevel('junior', 'nice-to-have')).toBe('basic');
    expect(defaultExpectedLevel('mid', 'required')).toBe('working');
    expect(defaultExpectedLevel('mid', 'nice-to-have')).toBe('basic');
    expect(defaultExpectedLevel('senior', 'required')).toBe('strong');
    expect(defaultExpectedLevel('senior', 'nice-to-have')).toBe('working');
    expect(defaultExpectedLevel('lead', 'required')).toBe('strong');
  });
});

describe('highestLevel', () => {
  it('picks the highest level given', () => {
    expect(highestLevel([undefined, 'basic', 'strong', 'working'])).toBe('strong');
    expect(highestLevel([undefined])).toBeUndefined();
  });
});
