import { isActionVerbWord } from './action-verbs';
import { normaliseArabicLetters } from './arabic-normaliser';

/**
 * What a sentence says about the skills in it, whatever section it sits in. English patterns run
 * on the lower-cased sentence, Arabic ones on its letters normalised (ة→ه, أ→ا, ى→ي).
 */
export interface SentenceCues {
  /** "…is a plus", "preferred", "nice to have", "يفضل": the skill is wanted but not required. */
  niceToHave: boolean;
  /** "experience with", "knowledge of", "proficient in", "خبرة في": the sentence asks for a skill. */
  asksForSkill: boolean;
  /** "We are a leading…", "Our mission…", "نحن شركة": the sentence describes the employer. */
  describesEmployer: boolean;
  /** "We offer…", "health insurance", "نقدم": the sentence lists what the job gives. */
  describesBenefits: boolean;
}

const NICE_TO_HAVE =
  /\b(?:nice[ -]to[ -]have|good[ -]to[ -]have|(?:is|are|be|as) (?:a |an )?(?:big |huge |strong |definite )?(?:plus|bonus|asset|advantage)|(?:a )?plus\b(?! ?\d)|bonus|preferred|preferably|preferable|desirable|desired|advantageous|ideally|would be (?:great|nice|beneficial|helpful|appreciated)|beneficial|not required but|not a must)/;
const NICE_TO_HAVE_AR = /(?:يفضل|يستحسن|مستحسن|ميزه|افضليه|مفضل|امر ايجابي|ليس شرطا ولكن)/;

const ASKS_FOR_SKILL =
  /\b(?:experience|experienced|knowledge|knowledgeable|proficien\w*|familiar\w*|expert\w*|skill\w*|abilit\w+|able to|understanding|background in|degree|certifi\w+|must|required|requirement|strong|solid|hands[ -]on|competen\w+|fluen\w+|mastery|command of|track record|years)\b/;
const ASKS_FOR_SKILL_AR = /(?:خبره|معرفه|المام|اتقان|مهار|القدره|قدره على|اجاده|يجيد|شهاده|درايه|يجب|مطلوب|سنوات|متمكن|تمكن)/;

const EMPLOYER =
  /\b(?:we are (?:a|an|the|one)|we're (?:a|an|the|one)|our (?:company|mission|vision|clients|customers|culture|story|products?|platform|values)|founded in|(?:is|are) (?:a |the )?(?:leading|global|fast[ -]growing)|headquartered|offices in|we (?:help|build|serve|provide|make)\b)/;
const EMPLOYER_AR = /(?:نحن شركه|شركتنا|تاسست|روءيتنا|رويتنا|مهمتنا|عملاءنا|عملاونا|شركه رايده)/;

/** The sentence talks about the employer ("we", "our", the company)... */
const MENTIONS_EMPLOYER =
  /\b(?:we|we're|we've|our|ours|us)\b|<organization>|\b(?:the|this) (?:company|organi[sz]ation|university|firm|group|business)\b/;
/** ...unless it talks to or about the candidate. */
const ADDRESSES_CANDIDATE =
  /\b(?:you|your|you'll|you're|you've|yourself|candidates?|applicants?|the ideal|looking for|seeking|hiring|recruit(?:ing)?|expect|require)\b/;
const MENTIONS_EMPLOYER_AR = /(?:نحن|لدينا|شركتنا|فريقنا|نعمل|نسعى)/;
const ADDRESSES_CANDIDATE_AR = /(?:المرشح|انت|لديك|عليك|نبحث عن|يجب|مطلوب)/;

const BENEFITS =
  /\b(?:we offer|we provide|you(?:'ll| will) (?:get|receive|enjoy)|competitive (?:salary|pay|compensation)|health (?:insurance|care)|medical insurance|paid (?:time off|leave)|annual leave|pension|bonus scheme|stock options|remote[ -]friendly|flexible (?:hours|working))/;
const BENEFITS_AR = /(?:نقدم|نوفر|تامين طبي|راتب تنافسي|اجازه سنويه|مزايا)/;

/** A sentence that opens with an action verb is an instruction to the candidate ("Drive our compliance agenda"). */
function opensWithActionVerb(sentence: string): boolean {
  const first = /[A-Za-z]+/.exec(sentence);
  return first !== null && isActionVerbWord(first[0]);
}

function describesEmployer(english: string, arabic: string): boolean {
  if (arabic !== '') {
    if ((EMPLOYER_AR.test(arabic) || MENTIONS_EMPLOYER_AR.test(arabic)) && !ADDRESSES_CANDIDATE_AR.test(arabic)) return true;
  }
  return (EMPLOYER.test(english) || MENTIONS_EMPLOYER.test(english)) && !ADDRESSES_CANDIDATE.test(english) && !opensWithActionVerb(english);
}

export function sentenceCuesOf(sentence: string): SentenceCues {
  const english = sentence.toLowerCase();
  const arabic = /[\u0600-\u06FF]/.test(sentence) ? normaliseArabicLetters(sentence) : '';
  return {
    niceToHave: NICE_TO_HAVE.test(english) || (arabic !== '' && NICE_TO_HAVE_AR.test(arabic)),
    asksForSkill: ASKS_FOR_SKILL.test(english) || (arabic !== '' && ASKS_FOR_SKILL_AR.test(arabic)),
    describesEmployer: describesEmployer(english, arabic),
    describesBenefits: BENEFITS.test(english) || (arabic !== '' && BENEFITS_AR.test(arabic)),
  };
}
