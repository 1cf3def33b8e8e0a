import { DEFAULT_PROMPT_MODEL, Language, LEARNING_HELPER_ACTIONS, LearningHelperAction, PROMPT_TEMPLATE_NAMES, PromptTemplateName } from '@masar/contracts';
import { HELPER_TEMPLATE } from '../providers/learning-helper';
import { ARABIC_DIACRITICS_SYSTEM_PROMPT } from '../providers/openai/arabic-diacritics-prompt';
import { EXERCISE_FEEDBACK_SYSTEM_PROMPT } from '../providers/openai/exercise-feedback-prompt';
import { FACT_CHECK_SYSTEM_PROMPT } from '../providers/openai/fact-check-prompt';
import { IMAGE_DESCRIPTION_SYSTEM_PROMPT } from '../providers/openai/image-description-prompt';
import { LESSON_COMPOSITION_SYSTEM_PROMPT } from '../providers/openai/lesson-composition-prompt';
import { LESSON_ILLUSTRATION_PROMPT } from '../providers/openai/lesson-illustration-prompt';
import { LEARNING_HELPER_SYSTEM_PROMPTS } from '../providers/openai/learning-helper-prompts';
import { SEARCH_ANSWER_SYSTEM_PROMPT } from '../providers/openai/search-answer-prompt';
import { SKILL_EXTRACTION_SYSTEM_PROMPT } from '../providers/openai/skill-extraction-prompt';

/** A template as seeded: everything but its id and version history. */
export interface BuiltInPrompt {
  name: PromptTemplateName;
  category: string;
  model: string;
  temperature: string;
  maxTokens: number;
  description: string;
  prompt: string;
  /**
   * What a call can fill in. Only values from closed sets (a language code, a lesson type, a count):
   * titles, postings and sources are untrusted and stay JSON-encoded in the user message, so an edited
   * prompt can never pull them into the instructions.
   */
  parameters: string[];
}

/** How a placeholder names a course or posting language. */
export const LANGUAGE_NAMES_FOR_PROMPTS: Record<Language, string> = { en: 'English', ar: 'Modern Standard Arabic' };

const HELPER_DESCRIPTIONS: Readonly<Record<LearningHelperAction, string>> = {
  summarize: 'Smart Summary: the main idea and key points of a lesson passage (Markdown).',
  generate_quiz: 'Knowledge Quiz: 3 to 5 multiple-choice questions on a lesson passage, answers at the end (Markdown).',
  deep_analysis: 'Deep Understanding: the concepts of a passage, how they relate and the courses that go deeper (Markdown).',
  creative_scenarios: "Creative Thinking: workplace scenarios putting a passage's concepts into the learner's job role (Markdown).",
  visual_explanation: 'Visual Expansion: an outline of the concepts of a passage, their sub-concepts and related skills (Markdown).',
  practical_exercises: "Hands-on Practice: exercises from a lesson's activities and skills, with steps and checks (Markdown).",
};

/**
 * The defaults seeded on first start: exactly the system prompts, model and temperatures the providers
 * used before templates existed, so nothing changes until an admin edits one. Those calls set no max
 * tokens; the values here are chosen to leave room for the longest answer each asks for (a posting's
 * full skill list; a 600-word lesson, Arabic included, with its JSON lists; a 3-sentence description)
 * and are within every listed model's limit.
 */
export const BUILT_IN_PROMPTS: readonly BuiltInPrompt[] = [
  {
    name: PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION,
    category: 'skills',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0',
    maxTokens: 4000,
    description: 'Finds the skills a job posting asks for, each with exact quotes as evidence (JSON).',
    prompt: SKILL_EXTRACTION_SYSTEM_PROMPT,
    parameters: ['language', 'languageName'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION,
    category: 'course-authoring',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0.3',
    maxTokens: 4000,
    description: 'Writes one lesson of a course from its library sources, with key points and activities (JSON).',
    prompt: LESSON_COMPOSITION_SYSTEM_PROMPT,
    parameters: ['language', 'languageName', 'lessonType', 'sourceCount'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.IMAGE_DESCRIPTION,
    category: 'course-authoring',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0.3',
    maxTokens: 400,
    description: 'Suggests a 2 to 3 sentence course description from a cover image and the course title.',
    prompt: IMAGE_DESCRIPTION_SYSTEM_PROMPT,
    parameters: ['mediaType'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.QUALITY_FACT_CHECK,
    category: 'quality',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0',
    maxTokens: 2000,
    description: 'Finds claims of a lesson that are factually wrong or contradict the course, each quoting the lesson exactly (JSON).',
    prompt: FACT_CHECK_SYSTEM_PROMPT,
    parameters: ['language', 'languageName'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.SEARCH_ANSWER,
    category: 'search',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0',
    maxTokens: 800,
    description: 'Answers a course search from the passages found, citing them as [n], with key insights (JSON).',
    prompt: SEARCH_ANSWER_SYSTEM_PROMPT,
    parameters: ['language', 'languageName'],
  },
  ...LEARNING_HELPER_ACTIONS.map((action) => ({
    name: HELPER_TEMPLATE[action],
    category: 'learning-helpers',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0.4',
    maxTokens: 1500,
    description: HELPER_DESCRIPTIONS[action],
    prompt: LEARNING_HELPER_SYSTEM_PROMPTS[action],
    parameters: ['language', 'languageName'],
  })),
  {
    name: PROMPT_TEMPLATE_NAMES.LESSON_ILLUSTRATION,
    category: 'illustrations',
    // `default` here means OPENAI_IMAGE_MODEL: an image model, not the chat model.
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0',
    maxTokens: 1,
    description: "A lesson's illustration from an image model: its title and key ideas as a labelled diagram (the images API; temperature and max tokens are not used).",
    prompt: LESSON_ILLUSTRATION_PROMPT,
    parameters: ['languageName'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.ARABIC_DIACRITICS,
    category: 'narration',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0',
    // 1,500 characters of marked Arabic in JSON: about twice its tokens unmarked, with room to spare.
    maxTokens: 4000,
    description: 'Adds the vowel marks (harakat) to Arabic lesson text before the offline voice reads it, so short vowels are spoken (JSON).',
    prompt: ARABIC_DIACRITICS_SYSTEM_PROMPT,
    parameters: ['languageName'],
  },
  {
    name: PROMPT_TEMPLATE_NAMES.EXERCISE_FEEDBACK,
    category: 'exercises',
    model: DEFAULT_PROMPT_MODEL,
    temperature: '0.3',
    // A few paragraphs and two lists of the exercise's own points, Arabic included.
    maxTokens: 2000,
    description: "Feedback on a learner's exercise submission: what it covers and what seems missing against the checklist and key points, no grade (JSON).",
    prompt: EXERCISE_FEEDBACK_SYSTEM_PROMPT,
    parameters: ['language', 'languageName'],
  },
];
