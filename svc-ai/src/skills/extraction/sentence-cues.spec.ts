import { sentenceCuesOf } from './sentence-cues';

describe('sentenceCuesOf', () => {
  it.each([
    ['Terraform is a plus.', 'niceToHave'],
    ['Experience with Kafka preferred.', 'niceToHave'],
    ['يفضل معرفة كوبرنيتس', 'niceToHave'],
    ['5+ years of experience with Java.', 'asksForSkill'],
    ['Strong knowledge of SQL.', 'asksForSkill'],
    ['خبرة في بايثون', 'asksForSkill'],
    ['We are a leading fintech in Riyadh.', 'describesEmployer'],
    ['Our platform runs on Kubernetes.', 'describesEmployer'],
    ['نحن شركة رائدة في التقنية المالية.', 'describesEmployer'],
    ['We offer health insurance and flexible hours.', 'describesBenefits'],
    ['نقدم تأمينا طبيا', 'describesBenefits'],
  ] as const)('reads "%s" as %s', (sentence, cue) => {
    expect(sentenceCuesOf(sentence)[cue]).toBe(true);
  });

  it('does not take a sentence about the candidate or an instruction to them for the employer', () => {
    expect(sentenceCuesOf('You will join our team and build APIs.').describesEmployer).toBe(false);
    expect(sentenceCuesOf('We are looking for an engineer who knows Go.').describesEmployer).toBe(false);
    expect(sentenceCuesOf('Drive our compliance agenda.').describesEmployer).toBe(false);
  });

  it('finds no cue in a plain statement', () => {
    expect(sentenceCuesOf('Build dashboards.')).toEqual({
      niceToHave: false,
      asksForSkill: false,
      describesEmployer: false,
      describesBenefits: false,
    });
  });
});
