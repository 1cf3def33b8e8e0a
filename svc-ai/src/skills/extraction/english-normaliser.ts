/**
 * Reduces an English word to the key the matcher compares, so that a taxonomy alias and a posting
 * meet whatever their inflection or spelling: "organising", "organised", "organizes" → "organiz";
 * "databases" → "databas"; "colour" → "color"; "modelling" → "model". It is a light, predictable
 * stemmer, applied alike to aliases and postings: the keys only have to agree, not be words.
 */

/** British spellings whose American form differs by more than -ise/-ize. */
const BRITISH_WORD_STEMS: ReadonlyArray<readonly [string, string]> = [
  ['programme', 'program'],
  ['catalogue', 'catalog'],
  ['analogue', 'analog'],
  ['dialogue', 'dialog'],
  ['licence', 'license'],
  ['defence', 'defense'],
  ['offence', 'offense'],
  ['pretence', 'pretense'],
  ['judgement', 'judgment'],
  ['acknowledgement', 'acknowledgment'],
  ['fulfil', 'fulfill'],
  ['enrol', 'enroll'],
  ['skilful', 'skillful'],
  ['wilful', 'willful'],
  ['ageing', 'aging'],
  ['aluminium', 'aluminum'],
  ['grey', 'gray'],
  ['paed', 'ped'],
  ['orthopaed', 'orthoped'],
  ['anaes', 'anes'],
  ['haem', 'hem'],
  ['gynaec', 'gynec'],
  ['oestr', 'estr'],
  ['oesophag', 'esophag'],
  ['diarrhoea', 'diarrhea'],
  ['manoeuvr', 'maneuver'],
  ['centre', 'center'],
  ['theatre', 'theater'],
  ['metre', 'meter'],
  ['litre', 'liter'],
  ['fibre', 'fiber'],
  ['calibre', 'caliber'],
];

/** -our words spelt -or in American English (the rest of -our words, "hour", "tour", "four", keep it). */
const OUR_STEMS = [
  'colour', 'behaviour', 'favour', 'honour', 'labour', 'humour', 'flavour', 'neighbour', 'rumour', 'endeavour',
  'harbour', 'vapour', 'vigour', 'armour', 'odour', 'parlour', 'savour', 'valour', 'clamour', 'rigour', 'splendour',
];

/** -l- verbs that British English doubles before a suffix: "travelled", "modelling", "labelled". */
const DOUBLED_L_STEMS = [
  'travel', 'model', 'label', 'cancel', 'counsel', 'signal', 'fuel', 'level', 'channel', 'funnel', 'tunnel',
  'marvel', 'dial', 'total', 'equal', 'rival', 'shovel', 'quarrel', 'pencil', 'panel', 'initial',
];

/** Words in -ise that are not the British -ize: "expertise", "advertise", "supervise", "enterprise"... */
const ISE_IS_NOT_IZE = [
  'advis', 'advertis', 'exercis', 'expertis', 'franchis', 'merchandis', 'enterpris', 'compromis', 'compris',
  'premis', 'supervis', 'surpris', 'televis', 'revis', 'devis', 'improvis', 'wis', 'ris', 'nois', 'rais', 'prais',
  'promis', 'otherwis', 'cruis', 'concis', 'precis', 'chemis', 'incis', 'excis', 'demis', 'despis', 'disguis',
  'pois', 'pais', 'guis', 'bais', 'apris', 'treatis', 'circumcis', 'vis', 'clockwis', 'likewis', 'tortois',
];

/** -ing words whose meaning is not the verb's: "engineering" is a field, "engineer" a role. */
const KEEP_AS_IS = new Set([
  'engineering', 'marketing', 'accounting', 'networking', 'banking', 'nursing', 'programming', 'housing',
  'catering', 'clothing', 'mining', 'lending', 'hearing', 'building', 'news', 'series', 'species', 'during',
  'something', 'anything', 'nothing', 'everything', 'thing', 'things', 'bring', 'spring', 'string', 'strings',
  'ceiling', 'morning', 'evening', 'wedding', 'ring', 'king', 'sing', 'wing', 'swing', 'sterling',
]);

const VOWEL = /[aeiouy]/;

function americanise(word: string): string {
  for (const [british, american] of BRITISH_WORD_STEMS) {
    if (word.startsWith(british)) return american + word.slice(british.length);
  }
  for (const stem of OUR_STEMS) {
    if (word.startsWith(stem)) return stem.slice(0, -2) + 'r' + word.slice(stem.length);
  }
  for (const stem of DOUBLED_L_STEMS) {
    if (word.startsWith(stem + 'l') && /^(?:ed|ing|er|ers)$/.test(word.slice(stem.length + 1))) {
      return stem + word.slice(stem.length + 1);
    }
  }
  // organise, organised, organisation, organiser → -iz-; analyse → analyze.
  const ise = /^(.+)is(e|es|ed|ing|er|ers|ation|ations|ational|able)$/.exec(word);
  if (ise && ise[1].length >= 2) {
    const stem = `${ise[1]}is`;
    const notIze = ISE_IS_NOT_IZE.some((other) => stem === other || (other.length > 4 && stem.endsWith(other)));
    if (!notIze) return `${ise[1]}iz${ise[2]}`;
  }
  const yse = /^(.+)ys(e|es|ed|ing|er|ers)$/.exec(word);
  if (yse && /(?:anal|catal|paral|dial|electrol|hydrol)$/.test(yse[1])) {
    return `${yse[1]}yz${yse[2]}`;
  }
  return word;
}

function undouble(stem: string): string {
  // planned → plan, running → run; but install-ing, process-ed and staff-ing keep their double letter.
  if (/([b-df-hj-kmnp-rtv-z])\1$/.test(stem) && !/(?:ll|ss|zz|ff)$/.test(stem)) return stem.slice(0, -1);
  return stem;
}

function stripPlural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ches|shes|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function stripVerbInflection(word: string): string {
  let stem = word;
  if (stem.endsWith('ied') && stem.length > 4) {
    stem = `${stem.slice(0, -3)}y`;
  } else if (stem.endsWith('ing') && stem.length >= 6 && VOWEL.test(stem.slice(0, -3))) {
    stem = undouble(stem.slice(0, -3));
  } else if (stem.endsWith('ed') && !stem.endsWith('eed') && stem.length >= 5 && VOWEL.test(stem.slice(0, -2))) {
    stem = undouble(stem.slice(0, -2));
  }
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}

function lowerCaseWord(word: string): string {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (lower.endsWith("'s")) return lower.slice(0, -2);
  if (lower.endsWith("s'")) return lower.slice(0, -1);
  return lower;
}

/**
 * The matching key of a word inside a phrase: spelling, plural and verb inflection folded, so
 * "managing projects" meets "manage project". Words holding digits or symbols ("C++", "K8s",
 * ".NET") are only lower-cased.
 */
export function normaliseEnglishWord(word: string): string {
  if (word === '&') return 'and';
  const lower = lowerCaseWord(word);
  if (!/^[a-z]+$/.test(lower) || lower.length <= 3 || KEEP_AS_IS.has(lower)) return lower;
  return stripVerbInflection(stripPlural(americanise(lower)));
}

/**
 * The matching key of a one-word term: spelling and plural folded, verb inflection kept. Alone,
 * a word's -ing or -ed form often names something else than its base ("typing" is not "type",
 * "packaging" is not "package", "PACS" is not "paced"), so one-word aliases match only their own form.
 */
export function normaliseEnglishTerm(word: string): string {
  if (word === '&') return 'and';
  const lower = lowerCaseWord(word);
  if (!/^[a-z]+$/.test(lower) || lower.length <= 3 || KEEP_AS_IS.has(lower)) return lower;
  return stripPlural(americanise(lower));
}
