import {
  type AnswerSearchReply,
  type Caller,
  type CourseSearchChunk,
  type CourseSearchQuery,
  type CourseSearchResponse,
  decodeEmbedding,
  EMBEDDINGS_NOT_CONFIGURED_MESSAGE,
  type ExpandSearchQueryReply,
  type Language,
  languageOfLetters,
  MAX_ANSWER_PASSAGE_LENGTH,
  MAX_EMBEDDED_TEXT_LENGTH,
  normaliseSearchText,
  SEARCH_ANSWER_PASSAGES,
  SEARCH_MAX_CHUNKS,
  SEARCH_MAX_KEYWORDS,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  searchKeyOf,
  type SearchPassage,
  searchTokensOf,
} from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { SearchAnswerClient } from '../ai/search-answer.client';
import { SearchEmbeddingsClient } from '../ai/search-embeddings.client';
import { SearchExpansionClient } from '../ai/search-expansion.client';
import { SvcAiRefusal } from '../ai/svc-ai.requester';
import {
  allOf,
  analyseTerms,
  anyOf,
  KeywordProbe,
  PassageDetail,
  RankedPassages,
  rankPassages,
  SearchTerm,
  trigramSchemaOf,
} from './passage-ranking';
import { HighlightTerms, previewAround } from './search-preview';
import { SearchResultsCache } from './search-results-cache';
import { EMBEDDED_CANDIDATES, rerankBySimilarity } from './semantic-reranking';
import { publishedCourseSql, seesDrafts } from '../course-publishing/course-visibility';

/** Words of a query searched for (a longer query keeps its first ones). */
const MAX_QUERY_WORDS = 12;
/** Related topics offered under the results. */
const MAX_RELATED_TOPICS = 8;
/** Spellings highlighted, at most. */
const MAX_MATCHED_TERMS = 30;
/**
 * How fast relevance approaches 1: the combined score (text rank, phrase, skill, field) at which a
 * passage is 50% relevant. A lesson naming the query in its title and text scores well above it.
 */
const HALF_RELEVANT_SCORE = 0.6;

export const ANSWER_UNAVAILABLE_MESSAGE = 'The AI answer is unavailable right now; the results below are from your library';

/** The answer when nothing in the library matches, in the query's language. */
export function nothingInLibraryAnswer(query: string, language: Language): string {
  return language === 'ar' ? `لا يوجد في مكتبة دوراتك شيء عن «${query}» حتى الآن.` : `Your course library has nothing on "${query}" yet.`;
}

/** 0 to 1, the same for the same evidence whatever else matched: score / (score + HALF_RELEVANT_SCORE). */
export function relevanceOf(score: number): number {
  if (!(score > 0)) return 0;
  return Math.round((score / (score + HALF_RELEVANT_SCORE)) * 1000) / 1000;
}

/**
 * The courses, modules and lessons the matching passages belong to. They are counted among the passages
 * `totalResults` counts; past its limit that is a floor (`totalResultsCapped`), and the ranked passages
 * (which a capped count may not have read) can name more.
 */
function countsOf(ranked: Pick<RankedPassages, 'passages' | 'matchedPlaces'>): FoundPassages['counts'] {
  const distinct = (ids: Array<string | null>) => new Set(ids.filter((id) => id !== null)).size;
  return {
    coursesFound: Math.max(ranked.matchedPlaces.courses, distinct(ranked.passages.map((passage) => passage.courseId))),
    modulesFound: Math.max(ranked.matchedPlaces.modules, distinct(ranked.passages.map((passage) => passage.moduleId))),
    lessonsFound: Math.max(ranked.matchedPlaces.lessons, distinct(ranked.passages.map((passage) => passage.lessonId))),
  };
}

/**
 * After svc-ai says it has no embeddings endpoint, searches stop asking it for this long (it would
 * take a restart with OPENAI_API_KEY to change): an offline library pays nothing for the option.
 */
export const EMBEDDINGS_RECHECK_MS = 60_000;

/** The cache key's ranking part for results in full-text order (no embeddings). */
const FULL_TEXT_RANKING = 'full-text';

/** A passage found, with its relevance (0-1) so far. */
interface RelevantPassage {
  detail: PassageDetail;
  relevance: number;
}

/**
 * Searches whose results are kept until the index changes. A popular query is then answered without
 * reading the index again; each entry holds at most SEARCH_MAX_CHUNKS passages (a few hundred KB at worst).
 */
const CACHED_SEARCHES = 200;

/** A search's results before the answer: the same for everyone who may see the library, until it changes. */
interface FoundPassages {
  totalResults: number;
  totalResultsCapped: boolean;
  counts: { coursesFound: number; modulesFound: number; lessonsFound: number };
  relatedTopics: string[];
  chunks: CourseSearchChunk[];
  /** The whole text of the first SEARCH_ANSWER_PASSAGES chunks, what the answer is grounded in (the reply carries previews). */
  answerTexts: string[];
  matchedTerms: string[];
  skills: string[];
}

interface QueryWord {
  /** As typed, for keywords. */
  typed: string;
  key: string;
  arabic: boolean;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

function queryWordsOf(query: string): QueryWord[] {
  const byKey = new Map<string, QueryWord>();
  for (const token of searchTokensOf(query)) {
    if (token.key === '' || byKey.has(token.key)) continue;
    byKey.set(token.key, { typed: token.word, key: token.key, arabic: ARABIC.test(token.key) });
  }
  return [...byKey.values()].slice(0, MAX_QUERY_WORDS);
}

function dedupeCaseless(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Course search (spec 001 sections 2, 3, 9): the query's words, corrected where the index does not
 * know them and widened by the skill taxonomy (svc-ai), matched against the passages of every
 * course a learner can see, ranked, previewed, and answered by svc-ai from the best passages.
 */
@Injectable()
export class CourseSearchService {
  private trigramSchema: Promise<string> | null = null;
  private readonly cache = new SearchResultsCache<FoundPassages>(CACHED_SEARCHES);
  /** Set while svc-ai's expansion is failing, so an outage is logged once, not at every search. */
  private expansionFailing = false;
  /** Set while svc-ai's embeddings are failing, so an outage is logged once. */
  private embeddingsFailing = false;
  /** Until when svc-ai is known to have no embeddings endpoint (Date.now() milliseconds). */
  private embeddingsOffUntil = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly expansion: SearchExpansionClient,
    private readonly answers: SearchAnswerClient,
    private readonly embeddings: SearchEmbeddingsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async search({ q: query, lang }: CourseSearchQuery, caller: Caller | null): Promise<CourseSearchResponse> {
    const language = languageOfLetters(query, lang ?? 'en');
    const version = await this.indexVersion();
    // Admins' results hold drafts: they are kept apart from learners', so a draft never reaches a learner from the cache.
    const publishedOnly = !seesDrafts(caller);
    // Results re-ranked by embeddings are kept apart from full-text ones, and served only while svc-ai
    // still embeds for this caller: switched off, set offline or failing, the full-text order answers.
    const ranking = await this.rankingFor(query, caller);
    const key = `${publishedOnly ? 'published' : 'all'}\u0000${language}\u0000${ranking}\u0000${query.trim()}`;
    let found = this.cache.get(version, key);
    if (found === undefined) {
      const retrieved = await this.retrieve(query, language, caller, publishedOnly, ranking !== FULL_TEXT_RANKING);
      found = retrieved.found;
      // Without the taxonomy's reading (or an embeddings signal that failed) the results are the words'
      // alone: asked again once svc-ai is back.
      if (retrieved.complete) this.cache.set(version, key, found);
    }
    if (found.chunks.length === 0) {
      return {
        query,
        answer: nothingInLibraryAnswer(query, language),
        answerSource: null,
        answerProblem: null,
        totalResults: 0,
        totalResultsCapped: false,
        summary: { coursesFound: 0, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
        relatedTopics: found.relatedTopics,
        chunks: [],
        matchedTerms: [],
        skills: found.skills,
      };
    }
    // The answer is asked for every search, in the searcher's name: svc-ai decides whether they may have one.
    const answer = await this.answer(query, language, found, caller);
    return {
      query,
      answer: answer.answer,
      answerSource: answer.source,
      answerProblem: answer.problem,
      totalResults: found.totalResults,
      totalResultsCapped: found.totalResultsCapped,
      summary: { ...found.counts, keyInsights: answer.keyInsights },
      relatedTopics: found.relatedTopics,
      chunks: found.chunks,
      matchedTerms: found.matchedTerms,
      skills: found.skills,
    };
  }

  /** What the library holds for the query, and whether svc-ai's taxonomy took part in finding it. */
  private async retrieve(
    query: string,
    language: Language,
    caller: Caller | null,
    publishedOnly: boolean,
    embedding: boolean,
  ): Promise<{ found: FoundPassages; complete: boolean }> {
    const words = queryWordsOf(query);
    const [expanded, trigramSchema] = await Promise.all([this.expand(query, caller), this.trigramSchemaOnce()]);
    const skills = expanded?.skills ?? [];

    // Terms: the words, the whole query as a phrase, and every spelling of each skill the query names.
    const skillTerms = skills.map((skill) => dedupeCaseless(skill.terms.concat(skill.name, skill.nameAr)).map(normaliseSearchText).filter(Boolean));
    const phraseText = words.length >= 2 ? words.map((word) => word.key).join(' ') : '';
    const terms: SearchTerm[] = [
      ...words.map((word) => ({ text: word.key, arabic: word.arabic, phrase: false })),
      ...(phraseText ? [{ text: phraseText, arabic: ARABIC.test(phraseText), phrase: true }] : []),
      ...skillTerms.flat().map((text) => ({ text, arabic: ARABIC.test(text), phrase: true })),
    ];
    const analysed = await analyseTerms(this.dataSource.manager, terms, trigramSchema);
    const wordQueries = words.map((word, index) => {
      const term = analysed[index];
      if (term.known || !term.correction) return { label: word.typed, key: word.key, query: term.known ? term.query : '' };
      return { label: term.correction.word, key: term.correction.word, query: term.correction.query };
    });
    const phraseQuery = phraseText ? analysed[words.length].query : '';
    let next = words.length + (phraseText ? 1 : 0);
    const skillQueries = skillTerms.map((texts) => texts.map(() => analysed[next++]).filter((term) => term.known).map((term) => term.query));

    const skillNames = skills.map((skill) => skill.name.toLowerCase());
    const skillLabels = skills.map((skill) => (language === 'ar' ? skill.nameAr : skill.name));
    const probes: KeywordProbe[] = [
      ...wordQueries.filter((word) => word.query !== '').map((word) => ({ label: word.label, query: word.query })),
      ...skills.map((skill, index) => ({ label: skillLabels[index], query: anyOf(skillQueries[index]), skill: skillNames[index] })),
    ];
    const ranked = await rankPassages(this.dataSource.manager, {
      // One term per skill (any of its spellings), so a skill with many spellings is read as one.
      termQueries: [...wordQueries.map((word) => word.query), ...skillQueries.map(anyOf)],
      allWords: allOf(wordQueries.map((word) => word.query)),
      phrase: phraseQuery,
      skills: skillNames,
      publishedOnly,
      // With embeddings, the best EMBEDDED_CANDIDATES are read and re-ranked before the first SEARCH_MAX_CHUNKS are shown.
      detailed: embedding ? Math.max(EMBEDDED_CANDIDATES, SEARCH_MAX_CHUNKS) : SEARCH_MAX_CHUNKS,
      probes,
    });
    const named = new Set([...skills.flatMap((skill) => [skill.name, skill.nameAr, ...skill.terms]).map((name) => name.toLowerCase()), ...words.map((word) => word.key)]);
    const isExpanded = expanded !== null;

    if (ranked.passages.length === 0) {
      return {
        complete: isExpanded,
        found: {
          totalResults: 0,
          totalResultsCapped: false,
          counts: { coursesFound: 0, modulesFound: 0, lessonsFound: 0 },
          relatedTopics: this.relatedSkillsOf(expanded, language, named),
          chunks: [],
          answerTexts: [],
          matchedTerms: [],
          skills: skillLabels,
        },
      };
    }

    const candidates = ranked.passages.flatMap(({ detail, score }): RelevantPassage[] => (detail ? [{ detail, relevance: relevanceOf(score ?? 0) }] : []));
    const reranked = embedding ? await this.rerankSemantically(query, candidates, caller) : { passages: candidates, settled: true };
    const shown = reranked.passages.slice(0, SEARCH_MAX_CHUNKS);
    const details = shown.map((passage) => passage.detail);
    const highlightTerms = new HighlightTerms([...wordQueries.map((word) => word.label), ...skills.flatMap((skill) => skill.terms.concat(skill.name, skill.nameAr))]);
    const matchedTerms: string[] = [];
    const chunks = shown.map(({ detail, relevance }): CourseSearchChunk => {
      // The preview is centred on the first match; what the page highlights is what the preview and title say.
      const content = previewAround(detail.text, highlightTerms.firstMatchIn(detail.text));
      matchedTerms.push(...[content, titleOf(detail)].flatMap((text) => highlightTerms.matchesIn(text).map((match) => match.text)));
      return {
        id: detail.id,
        field: detail.field,
        courseId: detail.courseId,
        moduleId: detail.moduleId,
        lessonId: detail.lessonId,
        courseTitle: detail.courseTitle,
        moduleTitle: detail.moduleTitle,
        lessonTitle: detail.lessonTitle,
        content,
        keywords: dedupeCaseless(detail.keywords).slice(0, SEARCH_MAX_KEYWORDS),
        relevanceScore: relevance,
        language: detail.language,
      };
    });

    return {
      complete: isExpanded && reranked.settled,
      found: {
        totalResults: Math.max(ranked.matched, ranked.passages.length),
        totalResultsCapped: ranked.moreThanCounted,
        counts: countsOf(ranked),
        relatedTopics: this.relatedTopicsOf(details, expanded, language, named),
        chunks,
        answerTexts: details.slice(0, SEARCH_ANSWER_PASSAGES).map((detail) => detail.text),
        matchedTerms: dedupeCaseless(matchedTerms).slice(0, MAX_MATCHED_TERMS),
        skills: skillLabels,
      },
    };
  }

  /**
   * A result's whole text, for the learner who opened it: learners read passages of published courses
   * only, and a passage that is gone (its course reindexed, unpublished or deleted) is 404 like one
   * that never was.
   */
  async passage(id: string, caller: Caller | null): Promise<SearchPassage> {
    const [row] = await this.dataSource.manager.query<
      Array<Omit<SearchPassage, 'moduleTitle' | 'lessonTitle'> & { moduleTitle: string | null; lessonTitle: string | null }>
    >(
      `SELECT p.id, p.field, p.course_id AS "courseId", p.module_id AS "moduleId", p.lesson_id AS "lessonId", p.language, p.text AS "fullText",
              c.title AS "courseTitle", m.title AS "moduleTitle", l.title AS "lessonTitle"
         FROM "courses"."search_passages" p
         JOIN "courses"."courses" c ON c.id = p.course_id
         LEFT JOIN "courses"."modules" m ON m.id = p.module_id
         LEFT JOIN "courses"."lessons" l ON l.id = p.lesson_id
        WHERE p.id = $1${seesDrafts(caller) ? '' : ` AND ${publishedCourseSql('c')}`}`,
      [id],
    );
    if (!row) throw rpcError(404, SEARCH_PASSAGE_NOT_FOUND_MESSAGE);
    return { ...row, moduleTitle: row.moduleTitle ?? '', lessonTitle: row.lessonTitle ?? '' };
  }

  /** The index's version now (migration 1796100000000): any write to the passages moves it on. */
  private async indexVersion(): Promise<string> {
    const [row] = await this.dataSource.manager.query<Array<{ version: string }>>(`SELECT version::text AS version FROM "courses"."search_index_state"`);
    return row.version;
  }

  /** The taxonomy's reading of the query; without svc-ai, none (the search goes on with the words alone). */
  private async expand(query: string, caller: Caller | null): Promise<ExpandSearchQueryReply | null> {
    try {
      const reply = await this.expansion.expand(query, { caller });
      if (this.expansionFailing) this.logger.info('svc-ai expands search queries again');
      this.expansionFailing = false;
      return reply;
    } catch (error) {
      if (!this.expansionFailing) {
        this.logger.warn({ err: error }, 'svc-ai could not expand a search query: searching without the skill taxonomy until it can');
      }
      this.expansionFailing = true;
      return null;
    }
  }

  /**
   * How this search may rank: `semantic:<model>` when svc-ai embeds the query for this caller now (its
   * vector is kept, so this asks the endpoint nothing the second time), else FULL_TEXT_RANKING. Asked
   * on every search while an endpoint may be configured, so a kept re-ranked result is never served
   * after search's AI is switched off, set offline or refused to this caller.
   */
  private async rankingFor(query: string, caller: Caller | null): Promise<string> {
    if (Date.now() < this.embeddingsOffUntil) return FULL_TEXT_RANKING;
    try {
      const reply = await this.embeddings.embed([query.trim()], { caller });
      if (this.embeddingsFailing) this.logger.info('svc-ai answers search embeddings again');
      this.embeddingsFailing = false;
      return `semantic:${reply.model}`;
    } catch (error) {
      this.noteEmbeddingsFailure(error);
      return FULL_TEXT_RANKING;
    }
  }

  /** Remembers an endpoint svc-ai says it lacks (for EMBEDDINGS_RECHECK_MS) and logs an outage once; a refusal is the caller's. */
  private noteEmbeddingsFailure(error: unknown): void {
    if (error instanceof SvcAiRefusal) return;
    if (error instanceof RpcException && (error.getError() as { message?: string }).message === EMBEDDINGS_NOT_CONFIGURED_MESSAGE) {
      if (this.embeddingsOffUntil === 0) this.logger.info('svc-ai has no embeddings endpoint: search ranks by full text alone');
      this.embeddingsOffUntil = Date.now() + EMBEDDINGS_RECHECK_MS;
      return;
    }
    if (!this.embeddingsFailing) this.logger.warn({ err: error }, 'svc-ai could not embed a search: ranking by full text alone until it can');
    this.embeddingsFailing = true;
  }

  /**
   * The candidates re-ranked by their embeddings' similarity to the query's (svc-ai, `ai.search.embed`),
   * or as they were when there are none: no endpoint configured, search's AI refused for this caller,
   * svc-ai or its endpoint failing or slow. `settled` is false when another try might do better.
   */
  private async rerankSemantically(query: string, candidates: RelevantPassage[], caller: Caller | null): Promise<{ passages: RelevantPassage[]; settled: boolean }> {
    const texts = [query.trim(), ...candidates.map(({ detail }) => (detail.text.trim() === '' ? titleOf(detail) : detail.text).slice(0, MAX_EMBEDDED_TEXT_LENGTH))];
    try {
      const reply = await this.embeddings.embed(texts, { caller });
      const vectors = reply.vectors.map(decodeEmbedding);
      if (vectors.length !== texts.length || !vectors.every((vector) => vector !== null && vector.length === vectors[0]?.length)) {
        throw new Error(`svc-ai answered ${vectors.length} embeddings of ${texts.length} texts, not all whole vectors of one length`);
      }
      if (this.embeddingsFailing) this.logger.info('svc-ai answers search embeddings again');
      this.embeddingsFailing = false;
      const [queryVector, ...passageVectors] = vectors as number[][];
      return { passages: rerankBySimilarity(candidates, queryVector, passageVectors), settled: true };
    } catch (error) {
      // Asked for a semantic ranking: the full-text order is not kept under its key.
      this.noteEmbeddingsFailure(error);
      return { passages: candidates, settled: false };
    }
  }

  /** svc-ai's answer from the best passages; a refusal or failure leaves the results without one and says why. */
  private async answer(
    query: string,
    language: Language,
    found: FoundPassages,
    caller: Caller | null,
  ): Promise<{ answer: string; source: CourseSearchResponse['answerSource']; problem: string | null; keyInsights: string[] }> {
    const passages = found.chunks.slice(0, SEARCH_ANSWER_PASSAGES).map((chunk, index) => ({
      n: index + 1,
      courseTitle: chunk.courseTitle.slice(0, 300),
      moduleTitle: chunk.moduleTitle.slice(0, 300),
      lessonTitle: chunk.lessonTitle.slice(0, 300),
      text: found.answerTexts[index].slice(0, MAX_ANSWER_PASSAGE_LENGTH),
      language: chunk.language,
    }));
    let reply: AnswerSearchReply;
    try {
      reply = await this.answers.answer({ query, language, passages }, { caller });
    } catch (error) {
      const problem = error instanceof SvcAiRefusal ? error.reply.message : ANSWER_UNAVAILABLE_MESSAGE;
      if (!(error instanceof SvcAiRefusal)) this.logger.warn({ err: error }, 'no AI answer for a search');
      return { answer: '', source: null, problem, keyInsights: [] };
    }
    return { answer: reply.answer, source: { provider: reply.provider, model: reply.model }, problem: null, keyInsights: reply.keyInsights };
  }

  private relatedSkillsOf(expanded: ExpandSearchQueryReply | null, language: Language, named: Set<string>): string[] {
    const related = (expanded?.relatedSkills ?? []).map((skill) => (language === 'ar' ? skill.nameAr : skill.name));
    return dedupeCaseless(related.filter((topic) => !named.has(topic.toLowerCase()) && !named.has(searchKeyOf(topic)))).slice(0, MAX_RELATED_TOPICS);
  }

  /** The results' skills and categories, then svc-ai's related skills, leaving out what the query named. */
  private relatedTopicsOf(details: PassageDetail[], expanded: ExpandSearchQueryReply | null, language: Language, named: Set<string>): string[] {
    const fromResults = details.flatMap((detail) => [...detail.courseSkills, ...(detail.category ? [detail.category] : [])]);
    const topics = [...fromResults, ...this.relatedSkillsOf(expanded, language, named)];
    return dedupeCaseless(topics.filter((topic) => !named.has(topic.toLowerCase()) && !named.has(searchKeyOf(topic)))).slice(0, MAX_RELATED_TOPICS);
  }

  private trigramSchemaOnce(): Promise<string> {
    this.trigramSchema ??= trigramSchemaOf(this.dataSource.manager).catch((error: unknown) => {
      this.trigramSchema = null;
      throw error;
    });
    return this.trigramSchema;
  }
}

/** The passage's own title: its lesson's, module's or course's. */
function titleOf(detail: PassageDetail): string {
  return detail.lessonTitle || detail.moduleTitle || detail.courseTitle;
}

