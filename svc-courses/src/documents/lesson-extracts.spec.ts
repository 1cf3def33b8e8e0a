import { activitiesOf, fallbackActivity, isActivitySentence, keyPointsOf, lessonTypeOf, rankSentences, wordFrequencies } from './lesson-extracts';
import { splitSentences } from './sentence-analysis';

describe('lessonTypeOf', () => {
  it('makes exercises of sections headed as practice, in English or Arabic', () => {
    expect(lessonTypeOf('1.3 Practice: Hazard Spotting Walk')).toBe('exercise');
    expect(lessonTypeOf('Lab 2 - Fire Extinguishers')).toBe('exercise');
    expect(lessonTypeOf('Workshop: Writing Reports')).toBe('exercise');
    expect(lessonTypeOf('تمرين: تقييم خطر في قسمك')).toBe('exercise');
    expect(lessonTypeOf('Practical Limits of Controls')).toBe('reading');
    expect(lessonTypeOf('Collaboration in Teams')).toBe('reading');
  });
});

describe('activities', () => {
  it('are sentences that tell the reader to do something', () => {
    expect(isActivitySentence('List at least five hazards you notice.')).toBe(true);
    expect(isActivitySentence('Compare your list with a colleague.')).toBe(true);
    expect(isActivitySentence('اكتب جملاً قصيرة وواضحة.')).toBe(true);
    expect(isActivitySentence('وأرفق أسماء الشهود.')).toBe(true);
    expect(isActivitySentence('Listing hazards takes practice.')).toBe(false);
    expect(isActivitySentence('The list is reviewed yearly.')).toBe(false);
  });

  it('fall back to one activity built from the heading', () => {
    expect(activitiesOf(['Hazards are not always visible.'], 'What Is a Hazard')).toEqual([fallbackActivity('What Is a Hazard')]);
    expect(fallbackActivity('What Is a Hazard')).toBe('Summarise "What Is a Hazard" in your own words and give one example from your work.');
  });
});

describe('keyPointsOf', () => {
  const text =
    'Noise at work is a hazard that damages hearing slowly. It is measured in decibels. Hearing damage is permanent and cannot be treated. ' +
    'Exposure above 85 decibels for 8 hours must be controlled. Ear defenders must be worn in marked zones. Rotating staff out of noisy areas reduces exposure. ' +
    'Maintenance keeps machines quieter. Write down the three noisiest tasks in your area.';
  const sentences = splitSentences(text);
  const points = keyPointsOf(rankSentences(sentences, wordFrequencies([text])));

  it('chooses 3 to 5 whole sentences of the text, in reading order, never an instruction', () => {
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.length).toBeLessThanOrEqual(5);
    for (const point of points) expect(sentences).toContain(point);
    expect(points.map((point) => sentences.indexOf(point))).toEqual([...points.map((point) => sentences.indexOf(point))].sort((a, b) => a - b));
    expect(points).not.toContain('Write down the three noisiest tasks in your area.');
  });

  it('favours statements of fact and rules', () => {
    expect(points).toContain('Exposure above 85 decibels for 8 hours must be controlled.');
    expect(points).toContain('Noise at work is a hazard that damages hearing slowly.');
  });
});
