import { Language, SEARCH_COUNTED_RESULTS, SearchPassageField } from '@masar/contracts';
import { publishedCourseSql } from '../course-publishing/course-visibility';
import { escapeLiteral } from 'pg';
import { EntityManager } from 'typeorm';
import { isCloseMisspelling } from './spelling';

/**
 * The SQL side of course search, over `courses.search_passages` (migration 1796000000000). Every
 * term becomes a tsquery in the configurations a passage may be indexed in: an Arabic word in
 * `arabic` (Arabic passages) and `simple` (an Arabic title inside an English course), a Latin word
 * in `english` and `simple` (Arabic passages keep Latin words as they are, e.g. "Excel").
 */

/** A term of the query: one of its words, or a phrase (a skill's spelling, the whole query). */
export interface SearchTerm {
  /** Normalised (search keys separated by spaces). */
  text: string;
  arabic: boolean;
  phrase: boolean;
}

export interface AnalysedTerm {
  /** The tsquery, as text Postgres reads back; empty when the term is only stop words. */
  query: string;
  /** Some passage matches it. */
  known: boolean;
  /** For an unknown word: the indexed word nearest by trigrams that some passage matches, and its tsquery. */
  correction: { word: string; query: string } | null;
}

/** Rows read per term before ranking: ranking every match of a very common word is what made search slow. */
export const PASSAGES_READ_PER_TERM = 100;
/** Passages ranked: the best of them are shown. */
export const RANKED_PASSAGES = 200;
/**
 * The best of them by ts_rank ranked again by ts_rank_cd (which also weighs how close the terms
 * stand): the order of what is shown. ts_rank_cd over every candidate, with a skill's phrase
 * spellings in the query, cost five times as much as ts_rank.
 */
export const PRECISELY_RANKED_PASSAGES = 60;

/** The field's weight: a match in a lesson beats one in a module, which beats one in a course's description. */
const FIELD_WEIGHT = `CASE p.field WHEN 'lesson' THEN 1.0 WHEN 'module' THEN 0.85 ELSE 0.7 END`;
/** The query's words next to each other in the passage. */
const PHRASE_BONUS = 0.5;
/** The passage's course teaches a skill the query names. */
const SKILL_BONUS = 0.4;

/**
 * The term's tsquery from its parses in each configuration (columns `english`, `simple`, `arabic` of
 * `parsed`). Where two parses read alike (most words not in English's stemmer) one is kept: the
 * duplicate would cost every passage ranked a second pass over its vector.
 */
function termQuerySql(arabic: string): string {
  const either = (first: string, second: string) => `CASE WHEN ${first}::text = ${second}::text THEN ${first} ELSE ${first} || ${second} END`;
  // An English stop word stays out altogether (`simple` would keep it).
  return `CASE WHEN ${arabic} THEN ${either('parsed.arabic', 'parsed.simple')}
               WHEN numnode(parsed.english) = 0 THEN parsed.english
               ELSE ${either('parsed.english', 'parsed.simple')} END`;
}

/** The term parsed in each configuration a passage may be indexed in: a phrase keeps its words in order. */
function parsesSql(text: string, phrase: string): string {
  const parse = (config: string) => `CASE WHEN ${phrase} THEN phraseto_tsquery('${config}', ${text}) ELSE websearch_to_tsquery('${config}', ${text}) END AS ${config}`;
  return `SELECT ${parse('english')}, ${parse('simple')}, ${parse('arabic')}`;
}

/** The words nearest by trigrams considered as a correction; the edit distance decides among them. */
const CORRECTION_CANDIDATES = 10;

/**
 * Each term's tsquery, whether the index knows it, and for an unknown single word the nearest
 * indexed word (pg_trgm distance, then at most one or two edits away) that some passage matches:
 * "pivto" → "pivot", never "quantum" → "quantify". A word is known
 * when the vocabulary holds it or, failing that, when a passage matches its stem. Each tsquery
 * reaches Postgres as a constant, so the planner weighs it against the index's statistics.
 */
export async function analyseTerms(manager: EntityManager, terms: SearchTerm[], trigramSchema: string): Promise<AnalysedTerm[]> {
  const parsed = await parseTerms(manager, terms);
  return Promise.all(
    terms.map(async (term, index): Promise<AnalysedTerm> => {
      const { query, inVocabulary } = parsed[index];
      if (query === '') return { query, known: false, correction: null };
      if (term.phrase || inVocabulary || (await matchesSomePassage(manager, query))) return { query, known: true, correction: null };
      return { query, known: false, correction: await correctionOf(manager, term, trigramSchema) };
    }),
  );
}

async function parseTerms(manager: EntityManager, terms: SearchTerm[]): Promise<Array<{ query: string; inVocabulary: boolean }>> {
  if (terms.length === 0) return [];
  const rows = await manager.query<Array<{ query: string; in_vocabulary: boolean }>>(
    `SELECT CASE WHEN numnode(term.query) = 0 THEN '' ELSE term.query::text END AS query,
            NOT t.phrase AND EXISTS (SELECT 1 FROM "courses"."search_words" w WHERE w.word = t.text) AS in_vocabulary
       FROM unnest($1::text[], $2::bool[], $3::bool[]) WITH ORDINALITY AS t(text, arabic, phrase, ord)
       CROSS JOIN LATERAL (${parsesSql('t.text', 't.phrase')}) AS parsed
       CROSS JOIN LATERAL (SELECT ${termQuerySql('t.arabic')} AS query) AS term
      ORDER BY t.ord`,
    [terms.map((term) => term.text), terms.map((term) => term.arabic), terms.map((term) => term.phrase)],
  );
  return rows.map((row) => ({ query: row.query, inVocabulary: row.in_vocabulary }));
}

async function matchesSomePassage(manager: EntityManager, query: string): Promise<boolean> {
  const [row] = await queryThroughTheIndex<{ found: boolean }>(
    manager,
    `SELECT EXISTS (SELECT 1 FROM "courses"."search_passages" p WHERE p.vector @@ ${literal(query, 'tsquery')}) AS found`,
  );
  return row.found;
}

async function correctionOf(manager: EntityManager, term: SearchTerm, trigramSchema: string): Promise<AnalysedTerm['correction']> {
  const candidates = await manager.query<Array<{ word: string }>>(
    `SELECT s.word FROM "courses"."search_words" s ORDER BY s.word OPERATOR("${trigramSchema}".<->) $1, s.word LIMIT ${CORRECTION_CANDIDATES}`,
    [term.text],
  );
  const close = candidates.filter(({ word }) => isCloseMisspelling(term.text, word));
  if (close.length === 0) return null;
  const parsed = await parseTerms(manager, close.map(({ word }) => ({ text: word, arabic: term.arabic, phrase: false })));
  for (const [index, { word }] of close.entries()) {
    // A word only a deleted course had stays in the vocabulary: it is no correction.
    const query = parsed[index].query;
    if (query !== '' && (await matchesSomePassage(manager, query))) return { word, query };
  }
  return null;
}

/** Any of the tsqueries (as Postgres prints them), or '' for none. */
export function anyOf(queries: string[]): string {
  const kept = queries.filter((query) => query.trim() !== '');
  return kept.length === 0 ? '' : kept.map((query) => `(${query})`).join(' | ');
}

/** All of the tsqueries, or '' for fewer than two (then it adds nothing to `anyOf`). */
export function allOf(queries: string[]): string {
  const kept = queries.filter((query) => query.trim() !== '');
  return kept.length < 2 ? '' : kept.map((query) => `(${query})`).join(' & ');
}

export interface PassageMatchQuery {
  /**
   * Each term's tsquery: a query word's, or any spelling of a skill the query names. A term's matches
   * are read up to PASSAGES_READ_PER_TERM, so a common term cannot crowd out a rare one.
   */
  termQueries: string[];
  /** Every word of the query at once (read first, so a common word cannot crowd them out). */
  allWords: string;
  /** The whole query as a phrase (a bonus), or ''. */
  phrase: string;
  /** Lower-cased skill names the query names: passages of courses teaching them match too. */
  skills: string[];
  /** Learners' searches: passages of published courses only (drafts are admins'). */
  publishedOnly: boolean;
  /** The best this many passages come with their details (titles, text, keywords). */
  detailed: number;
  /** What each detailed passage is checked for, for its keywords. */
  probes: KeywordProbe[];
}

export interface RankedPassage {
  id: string;
  courseId: string;
  moduleId: string | null;
  lessonId: string | null;
  /** The passage's score; null beyond the PRECISELY_RANKED_PASSAGES best (never shown). */
  score: number | null;
  /** For the first `detailed` passages. */
  detail: PassageDetail | null;
}

export interface RankedPassages {
  passages: RankedPassage[];
  /** Passages that match, counted up to SEARCH_COUNTED_RESULTS. */
  matched: number;
  /** The courses, modules and lessons of the passages counted in `matched` (and one more when there are more). */
  matchedPlaces: { courses: number; modules: number; lessons: number };
  /** More than SEARCH_COUNTED_RESULTS passages match. */
  moreThanCounted: boolean;
}

const NO_PLACES: RankedPassages['matchedPlaces'] = { courses: 0, modules: 0, lessons: 0 };

/** A value written into SQL as a constant (pg's own quoting), cast to `type`. */
function literal(value: string | string[], type: string): string {
  const text = Array.isArray(value) ? `{${value.map((item) => `"${item.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}` : value;
  return `${escapeLiteral(text)}::${type}`;
}

interface RankedRow {
  id: string;
  course_id: string;
  module_id: string | null;
  lesson_id: string | null;
  score: number | null;
  matched: string;
  matched_courses: string;
  matched_modules: string;
  matched_lessons: string;
  field: SearchPassageField | null;
  language: Language | null;
  text: string | null;
  course_title: string | null;
  module_title: string | null;
  lesson_title: string | null;
  category: string | null;
  course_skills: string[] | null;
  keywords: string[] | null;
}

/**
 * The best passages: each term's matches (GIN index, a bounded number each) plus the passages of
 * courses teaching a named skill, ranked by text rank (title weight A over body B), a phrase bonus
 * for the query's words together, a skill bonus and the field's weight; the first `detailed` with
 * their titles, text and keywords. One statement, one round trip: every tsquery is a constant of its
 * own, so the planner reads a rare word through the index and a common one until it has enough.
 */
export async function rankPassages(manager: EntityManager, match: PassageMatchQuery): Promise<RankedPassages> {
  const termQueries = match.termQueries.filter((query) => query !== '');
  const anyTerm = anyOf(termQueries);
  if (anyTerm === '' && match.skills.length === 0) return { passages: [], matched: 0, matchedPlaces: NO_PLACES, moreThanCounted: false };
  // Filtered before each term's LIMIT, so a learner's matches are never crowded out by drafts' passages.
  const visible = match.publishedOnly
    ? ` AND EXISTS (SELECT 1 FROM "courses"."courses" c WHERE c.id = p.course_id AND ${publishedCourseSql('c')})`
    : '';
  const hitsOf = (condition: string) => `(SELECT p.id FROM "courses"."search_passages" p WHERE (${condition})${visible} LIMIT ${PASSAGES_READ_PER_TERM})`;
  const anyTermQuery = anyTerm === '' ? null : literal(anyTerm, 'tsquery');
  const skillNames = match.skills.length === 0 ? null : literal(match.skills, 'text[]');
  const branches = [
    ...(match.allWords === '' ? [] : [hitsOf(`p.vector @@ ${literal(match.allWords, 'tsquery')}`)]),
    ...termQueries.map((query) => hitsOf(`p.vector @@ ${literal(query, 'tsquery')}`)),
    ...(skillNames ? [hitsOf(`p.skills && ${skillNames}`)] : []),
  ];
  const matches = [...(anyTermQuery ? [`p.vector @@ ${anyTermQuery}`] : []), ...(skillNames ? [`p.skills && ${skillNames}`] : [])].join(' OR ');
  const phraseBonus = match.phrase === '' ? '0' : `CASE WHEN p.vector @@ ${literal(match.phrase, 'tsquery')} THEN ${PHRASE_BONUS} ELSE 0 END`;
  const scoreWith = (rank: string) => `${FIELD_WEIGHT} * (
      ${anyTermQuery ? `${rank}(p.vector, ${anyTermQuery})` : '0'} + ${phraseBonus}
    ) + ${skillNames ? `CASE WHEN p.skills && ${skillNames} THEN ${SKILL_BONUS} ELSE 0 END` : '0'}`;
  const probes = [
    literal(match.probes.map((probe) => probe.label), 'text[]'),
    literal(match.probes.map((probe) => probe.query), 'text[]'),
    literal(match.probes.map((probe) => probe.skill ?? ''), 'text[]'),
  ];
  // Every candidate is scored with ts_rank; the best of them again with ts_rank_cd, which orders what is shown.
  const rows = await queryThroughTheIndex<RankedRow>(
    manager,
    `WITH candidates AS (${branches.join('\n UNION ')}),
     rough AS (
       SELECT p.id, p.course_id, p.module_id, p.lesson_id, ${scoreWith('ts_rank')} AS rough
         FROM candidates JOIN "courses"."search_passages" p ON p.id = candidates.id
        ORDER BY rough DESC, p.id
        LIMIT ${RANKED_PASSAGES}),
     placed AS (SELECT rough.*, row_number() OVER (ORDER BY rough.rough DESC, rough.id) AS place FROM rough),
     scored AS (
       SELECT placed.*,
              CASE WHEN placed.place <= ${PRECISELY_RANKED_PASSAGES}
                   THEN (SELECT ${scoreWith('ts_rank_cd')} FROM "courses"."search_passages" p WHERE p.id = placed.id)
              END AS score
         FROM placed),
     ordered AS (SELECT scored.*, row_number() OVER (ORDER BY scored.score DESC NULLS LAST, scored.place) AS shown FROM scored),
     counted AS (
       SELECT count(*) AS matched, count(DISTINCT hit.course_id) AS matched_courses,
              count(DISTINCT hit.module_id) AS matched_modules, count(DISTINCT hit.lesson_id) AS matched_lessons
         FROM (SELECT p.course_id, p.module_id, p.lesson_id FROM "courses"."search_passages" p
                WHERE (${matches})${visible} LIMIT ${SEARCH_COUNTED_RESULTS + 1}) AS hit)
     SELECT ordered.id, ordered.course_id, ordered.module_id, ordered.lesson_id, ordered.score,
            counted.matched, counted.matched_courses, counted.matched_modules, counted.matched_lessons,
            detail.*
       FROM ordered
       CROSS JOIN counted
       LEFT JOIN LATERAL (
         SELECT p.field, p.language, p.text, c.title AS course_title, m.title AS module_title, l.title AS lesson_title, c.category, c.skills AS course_skills,
                ARRAY(
                  SELECT probe.label FROM unnest(${probes.join(', ')}) WITH ORDINALITY AS probe(label, query, skill, ord)
                   WHERE (probe.query <> '' AND p.vector @@ probe.query::tsquery) OR (probe.skill <> '' AND probe.skill = ANY(p.skills))
                   ORDER BY probe.ord
                ) AS keywords
           FROM "courses"."search_passages" p
           JOIN "courses"."courses" c ON c.id = p.course_id
           LEFT JOIN "courses"."modules" m ON m.id = p.module_id
           LEFT JOIN "courses"."lessons" l ON l.id = p.lesson_id
          WHERE p.id = ordered.id AND ordered.shown <= ${Math.max(0, Math.floor(match.detailed))}
       ) AS detail ON true
      ORDER BY ordered.shown`,
  );
  return {
    passages: rows.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      moduleId: row.module_id,
      lessonId: row.lesson_id,
      score: row.score === null ? null : Number(row.score),
      detail: detailOf(row),
    })),
    // One more than the limit is counted, to know whether there are more.
    matched: rows.length === 0 ? 0 : Math.min(Number(rows[0].matched), SEARCH_COUNTED_RESULTS),
    matchedPlaces:
      rows.length === 0
        ? NO_PLACES
        : { courses: Number(rows[0].matched_courses), modules: Number(rows[0].matched_modules), lessons: Number(rows[0].matched_lessons) },
    moreThanCounted: rows.length > 0 && Number(rows[0].matched) > SEARCH_COUNTED_RESULTS,
  };
}

function detailOf(row: RankedRow): PassageDetail | null {
  if (row.field === null || row.language === null || row.text === null || row.course_title === null) return null;
  return {
    id: row.id,
    field: row.field,
    courseId: row.course_id,
    moduleId: row.module_id,
    lessonId: row.lesson_id,
    language: row.language,
    text: row.text,
    courseTitle: row.course_title,
    moduleTitle: row.module_title ?? '',
    lessonTitle: row.lesson_title ?? '',
    category: row.category,
    courseSkills: row.course_skills ?? [],
    keywords: row.keywords ?? [],
  };
}

/**
 * Runs one read with sequential scans of the passages ruled out, in a single round trip: `SET LOCAL`
 * and the statement go together (simple protocol, one implicit transaction), so nothing of it
 * outlives the read. The planner prices a word's `LIMIT n` as a scan that stops early, not counting
 * that testing each row unpacks its vector: for a word in a few percent of 100,000 passages that
 * scan took 250 ms where the GIN index takes 5. Values are written into `sql` as literals (the
 * simple protocol takes no parameters); the rows of the statement are answered.
 */
async function queryThroughTheIndex<T>(manager: EntityManager, sql: string): Promise<T[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const client = (await runner.connect()) as { query(text: string): Promise<Array<{ rows: T[] }>> };
    const [, read] = await client.query(`SET LOCAL enable_seqscan = off; ${sql}`);
    return read.rows;
  } finally {
    if (runner !== manager.queryRunner) await runner.release();
  }
}

/** A label (a query word, a skill) and the tsquery that says a passage mentions it. */
export interface KeywordProbe {
  label: string;
  query: string;
  /** Lower-cased skill name: a passage of a course teaching it mentions it too. */
  skill?: string;
}

export interface PassageDetail {
  id: string;
  field: SearchPassageField;
  courseId: string;
  moduleId: string | null;
  lessonId: string | null;
  language: Language;
  text: string;
  courseTitle: string;
  moduleTitle: string;
  lessonTitle: string;
  category: string | null;
  courseSkills: string[];
  /** Labels of the probes the passage matched, in the probes' order. */
  keywords: string[];
}

/** Where pg_trgm lives (migration 1795600000000 put it in `courses` unless another schema had it already). */
export async function trigramSchemaOf(manager: EntityManager): Promise<string> {
  const [row] = await manager.query<Array<{ schema: string }>>(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  if (!row) throw new Error('pg_trgm is not installed: svc-courses migrations have not run');
  return row.schema;
}
