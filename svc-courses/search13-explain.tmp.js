// One-off: the ranking statement of a query against the kept bench database, with EXPLAIN ANALYZE.
const { Client } = require('pg');
const { analyseTerms, rankPassages, allOf } = require('./dist/course-search/passage-ranking');
const { searchTokensOf } = require('@masar/contracts');
(async () => {
  const db = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/masar_search13_bench' });
  await db.connect();
  let captured = '';
  const manager = {
    query: (sql, params) => db.query(sql, params).then((r) => r.rows),
    queryRunner: { connect: async () => ({ query: async (text) => { captured = text; return db.query(text); } }) },
  };
  const [, , q, mode] = process.argv;
  const words = [...new Map(searchTokensOf(q).filter((t) => t.key).map((t) => [t.key, t])).values()];
  const terms = words.map((w) => ({ text: w.key, arabic: /[\u0600-\u06FF]/.test(w.key), phrase: false }));
  if (words.length > 1) terms.push({ text: words.map((w) => w.key).join(' '), arabic: false, phrase: true });
  await analyseTerms(manager, terms, 'courses');
  let t = performance.now();
  const analysed = await analyseTerms(manager, terms, 'courses');
  const analyseMs = performance.now() - t;
  const wordQueries = analysed.slice(0, words.length).map((a) => (a.known ? a.query : a.correction?.query ?? ''));
  const match = { termQueries: wordQueries, allWords: allOf(wordQueries), phrase: words.length > 1 ? analysed[words.length].query : '', skills: [], publishedOnly: process.env.PUBLISHED === '1', detailed: 20, probes: words.map((w, i) => ({ label: w.word, query: wordQueries[i] })) };
  t = performance.now();
  const ranked = await rankPassages(manager, match);
  const rankMs = performance.now() - t;
  t = performance.now();
  await rankPassages(manager, match);
  const rankAgainMs = performance.now() - t;
  console.log(q, `analyse ${analyseMs.toFixed(1)} ms, rank ${rankMs.toFixed(1)} ms, again ${rankAgainMs.toFixed(1)} ms, matched ${ranked.matched}, passages ${ranked.passages.length}`);
  if (mode === 'explain') {
    const sql = captured.replace(/^SET LOCAL enable_seqscan = off; /, '');
    require('fs').writeFileSync(`/tmp/search13-sql/${q.replace(/\W+/g, '_')}.sql`, sql);
    const res = await db.query(`BEGIN; SET LOCAL enable_seqscan = off; EXPLAIN (ANALYZE, BUFFERS) ${sql}; COMMIT`);
    console.log(res[2].rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await db.end();
})().catch((e) => { console.error(e); process.exit(1); });
