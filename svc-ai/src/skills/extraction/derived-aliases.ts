/**
 * Postings ask for an activity either as a noun phrase ("stakeholder management", "code review")
 * or as a verb with its object ("manage stakeholders", "reviewing code"). The taxonomy lists the
 * noun phrase; this derives the verb form, so both readings reach the same skill. The map is of
 * English nominalisations to their verbs: grammar, not any posting's phrases.
 */
const VERB_OF_NOMINALISATION: Readonly<Record<string, string>> = {
  management: 'manage',
  development: 'develop',
  design: 'design',
  testing: 'test',
  analysis: 'analyze',
  analytics: 'analyze',
  planning: 'plan',
  writing: 'write',
  reporting: 'report',
  review: 'review',
  reviews: 'review',
  gathering: 'gather',
  leadership: 'lead',
  improvement: 'improve',
  assessment: 'assess',
  optimization: 'optimize',
  optimisation: 'optimise',
  reduction: 'reduce',
  implementation: 'implement',
  integration: 'integrate',
  automation: 'automate',
  monitoring: 'monitor',
  maintenance: 'maintain',
  administration: 'administer',
  coordination: 'coordinate',
  negotiation: 'negotiate',
  evaluation: 'evaluate',
  documentation: 'document',
  migration: 'migrate',
  deployment: 'deploy',
  configuration: 'configure',
  modeling: 'model',
  modelling: 'model',
  forecasting: 'forecast',
  budgeting: 'budget',
  scheduling: 'schedule',
  training: 'train',
  coaching: 'coach',
  mentoring: 'mentor',
  recruitment: 'recruit',
  recruiting: 'recruit',
  onboarding: 'onboard',
  auditing: 'audit',
  procurement: 'procure',
  troubleshooting: 'troubleshoot',
  presentation: 'present',
  creation: 'create',
  preparation: 'prepare',
  delivery: 'deliver',
  execution: 'execute',
  validation: 'validate',
  verification: 'verify',
  measurement: 'measure',
  tracking: 'track',
  prioritization: 'prioritize',
  prioritisation: 'prioritise',
  resolution: 'resolve',
  mitigation: 'mitigate',
  processing: 'process',
  handling: 'handle',
  selection: 'select',
  generation: 'generate',
  building: 'build',
  engagement: 'engage',
  facilitation: 'facilitate',
  supervision: 'supervise',
  control: 'control',
  estimation: 'estimate',
  mapping: 'map',
  cleaning: 'clean',
  visualization: 'visualize',
  visualisation: 'visualise',
  collection: 'collect',
  tuning: 'tune',
  hardening: 'harden',
  scaling: 'scale',
};

/** Words that make the object something else than a plain noun phrase ("management of change"). */
const NOT_OBJECT_WORDS = /^(?:of|and|or|for|to|in|on|with|the|a|an|&)$/i;
const MAX_OBJECT_WORDS = 3;

/**
 * The verb a one-word activity alias nominalises ("mentoring" → "mentor", "negotiation" →
 * "negotiate"), or undefined. Alone, the verb is often a noun too ("a mentor", "the plan"), so the
 * matcher only takes it where it acts as a verb with an object ("mentor junior engineers").
 */
export function verbOfActivity(alias: string): string | undefined {
  const word = alias.trim().toLowerCase();
  if (!/^\p{L}+$/u.test(word)) return undefined;
  const verb = VERB_OF_NOMINALISATION[word];
  return verb !== undefined && verb !== word ? verb : undefined;
}

/**
 * The verb-object reading of an English noun-phrase alias: "stakeholder management" → "manage
 * stakeholder" (the matcher folds the plural), "code review" → "review code". Empty when the
 * alias does not end in a known nominalisation or its first part is not a short plain noun phrase.
 */
export function verbObjectVariants(alias: string): string[] {
  const words = alias.trim().split(/\s+/);
  if (words.length < 2 || words.length > MAX_OBJECT_WORDS + 1) return [];
  const verb = VERB_OF_NOMINALISATION[words[words.length - 1].toLowerCase()];
  const object = words.slice(0, -1);
  if (verb === undefined || object.some((word) => NOT_OBJECT_WORDS.test(word) || !/^[\p{L}][\p{L}-]*$/u.test(word))) return [];
  return [`${verb} ${object.join(' ')}`];
}
