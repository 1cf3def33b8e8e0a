// A training handbook as a PDF of an exact number of pages, for `npm run bench:courses`: a title page,
// then chapters (22 pt headings, each on a new page) of sections (15 pt headings) of 11 pt body text,
// the way a course author's material looks. Written with pdfkit (a devDependency of svc-courses).
'use strict';
const PDFDocument = require('pdfkit');

const HANDBOOK_TITLE = 'Data Analysis with SQL and Python';

/** Chapters and sections, each section with the terms its paragraphs teach and one worked example. */
const CHAPTERS = [
  {
    title: 'Foundations of Data Analysis',
    sections: [
      ['Asking Answerable Business Questions', ['decision', 'metric', 'hypothesis'], 'A sales director asks why revenue fell; the analyst turns this into "which regions lost repeat customers in the last two quarters, and by how much".'],
      ['Understanding Data Types and Measurement Levels', ['categorical variable', 'ordinal scale', 'continuous measure'], 'Customer satisfaction scored from one to five is ordinal: the gap between 4 and 5 is not guaranteed to equal the gap between 1 and 2.'],
      ['Tidy Data and Table Structure', ['observation', 'variable', 'primary key'], 'A spreadsheet with one column per month is reshaped so that each row holds one store, one month and one sales figure.'],
      ['Data Quality Dimensions', ['completeness', 'accuracy', 'timeliness'], 'A customer table where 12 percent of email addresses are blank and 3 percent are duplicated is profiled before any campaign analysis.'],
      ['The Analysis Workflow from Question to Decision', ['scoping', 'exploration', 'validation'], 'An attrition study moves from a scoped question, through exploration of HR records, to a validated finding reviewed with the HR business partner.'],
    ],
  },
  {
    title: 'Querying Data with SQL',
    sections: [
      ['Selecting and Filtering Rows', ['SELECT', 'WHERE clause', 'predicate'], 'SELECT order_id, total FROM orders WHERE status = \'shipped\' AND total > 500 returns the large shipped orders only.'],
      ['Joining Tables Correctly', ['inner join', 'left join', 'join key'], 'Joining orders to customers with a left join keeps orders whose customer record is missing, which an inner join would silently drop.'],
      ['Aggregation with GROUP BY', ['aggregate function', 'grouping', 'HAVING clause'], 'Grouping invoices by region and month, then keeping groups with HAVING sum(total) > 100000, lists the busiest regional months.'],
      ['Window Functions for Running Totals and Rankings', ['window function', 'partition', 'running total'], 'sum(amount) OVER (PARTITION BY account ORDER BY booked_on) gives each account a running balance without collapsing rows.'],
      ['Writing Readable and Efficient Queries', ['common table expression', 'index', 'query plan'], 'A nested query of five levels is rewritten as three named common table expressions, and EXPLAIN shows it now uses the index on order date.'],
    ],
  },
  {
    title: 'Data Preparation in Python with pandas',
    sections: [
      ['Loading Data from Files and Databases', ['DataFrame', 'read_csv', 'connection string'], 'pandas.read_sql reads last month\'s tickets from the support database into a DataFrame with parsed dates.'],
      ['Cleaning Missing and Inconsistent Values', ['missing value', 'imputation', 'standardisation'], 'City names such as "Riyadh", "riyadh " and "RIYADH" are standardised before counting customers per city.'],
      ['Reshaping with Pivot and Melt', ['pivot table', 'melt', 'wide format'], 'A wide survey export with one column per question is melted into long format so each answer is one row.'],
      ['Combining Datasets with Merge', ['merge', 'validation of keys', 'one-to-many'], 'Merging employees to departments with validate="many_to_one" raises an error the day a department code is duplicated.'],
      ['Automating Repeatable Preparation Steps', ['function', 'pipeline', 'reproducibility'], 'The weekly cleaning steps are gathered into one function, so next week\'s file is prepared with a single call.'],
    ],
  },
  {
    title: 'Descriptive Statistics',
    sections: [
      ['Measures of Central Tendency', ['mean', 'median', 'mode'], 'Average salary is pulled up by a few executives; the median describes the typical employee better.'],
      ['Spread, Variance and Outliers', ['standard deviation', 'interquartile range', 'outlier'], 'Delivery times with an interquartile range of two days but a few shipments of forty days point to a process exception, not normal variation.'],
      ['Distributions and Histograms', ['distribution', 'skewness', 'bin width'], 'A histogram of order values with narrower bins reveals two peaks: retail orders and wholesale orders.'],
      ['Correlation Without Causation', ['correlation coefficient', 'confounder', 'causal claim'], 'Stores with more staff sell more, but both follow store size; staffing alone does not explain the sales.'],
      ['Sampling and Confidence Intervals', ['sample', 'margin of error', 'confidence interval'], 'A survey of 400 employees gives an engagement score of 72 with a margin of error of about four points.'],
    ],
  },
  {
    title: 'Data Visualization',
    sections: [
      ['Choosing the Right Chart', ['bar chart', 'line chart', 'scatter plot'], 'Comparing eight product lines calls for a sorted bar chart, while their monthly trend calls for a line chart.'],
      ['Designing Clear Dashboards', ['dashboard', 'key performance indicator', 'layout'], 'A managers\' dashboard leads with four key performance indicators, then the trends behind them, then the detail tables.'],
      ['Colour, Labels and Annotation', ['colour palette', 'direct labelling', 'annotation'], 'Greying out all regions but the one that missed target, and annotating the month it slipped, tells the story at a glance.'],
      ['Visualizing Change Over Time', ['time series', 'seasonality', 'moving average'], 'A twelve-week moving average smooths weekly ticket volumes so the underlying rise after the product launch is visible.'],
      ['Avoiding Misleading Charts', ['truncated axis', 'dual axis', 'area distortion'], 'A bar chart whose axis starts at 90 makes a two percent difference look like a doubling; starting at zero restores the scale.'],
    ],
  },
  {
    title: 'Communicating Insights',
    sections: [
      ['Structuring an Analytical Story', ['situation', 'complication', 'resolution'], 'The churn analysis opens with the situation, states the complication of rising cancellations, and ends with three actions.'],
      ['Writing Executive Summaries', ['executive summary', 'recommendation', 'evidence'], 'A one-page summary states the recommendation first, then the three pieces of evidence behind it.'],
      ['Presenting to Stakeholders', ['stakeholder', 'audience analysis', 'question handling'], 'Before presenting to the finance committee, the analyst lists the questions each member is likely to ask.'],
      ['Documenting Assumptions and Limitations', ['assumption', 'limitation', 'data lineage'], 'The report notes that March data excludes two branches whose systems migrated mid-month.'],
      ['From Insight to Action Plan', ['action plan', 'owner', 'follow-up metric'], 'Each recommendation gets an owner, a date and the metric that will show whether it worked.'],
    ],
  },
];

/** Paragraph templates: {title} is the section heading, {a} {b} {c} its terms, {example} its worked example. */
const PARAGRAPHS = [
  'This section explains {title_lower}. By the end of it you should be able to describe {a}, {b} and {c} in your own words, recognise them in the reports and datasets you already use at work, and decide which of them matters most for the question in front of you. The ideas build on the previous sections, so revisit them if a term is unfamiliar.',
  'Start with {a}. Analysts who skip this step tend to produce results that are technically correct but answer a different question from the one their stakeholders asked. Write down what {a} means for your dataset before you compute anything, and check your understanding with a colleague who knows where the data comes from and how it is collected.',
  'Next, consider {b}. In practice {b} is where most errors creep in, because it depends on details that are rarely documented: how a field was entered, which system produced it, and what happens when a value is unknown. Look at a sample of raw records, count the unusual cases, and keep a short note of every decision you make about them.',
  'Worked example. {example} Notice how the example moves from a vague request to something that can be checked against the data, and how {c} is used to make the result trustworthy. Try to repeat the same steps on a small extract from your own work before reading on.',
  'Then bring in {c}. It connects the earlier steps to a result that others can rely on. When you present your work, say explicitly how you handled {c}, because reviewers will ask about it, and a clear answer prevents long discussions about whether the numbers can be trusted at all.',
  'Common pitfalls. The most frequent mistakes are to treat {a} as obvious, to handle {b} differently from one analysis to the next, and to forget {c} when time is short. A simple checklist kept beside your work, and reviewed before every delivery, removes most of these mistakes at little cost.',
  'Practice. Take a dataset you know well and apply each idea from this section in turn: define {a}, examine {b} on at least fifty records, and document how {c} affects your conclusion. Compare your notes with a colleague and discuss any place where you made different choices and why.',
  'Checklist before you share results on {title_lower}: Is {a} stated in plain language that a stakeholder would recognise? Have you recorded how {b} was handled, including the records you excluded and the reason? Does the conclusion mention {c}, and would a colleague reach the same answer from your notes alone? If any answer is no, fix it first: it is cheaper now than after the decision has been taken.',
  'Key points to remember: {a} frames the work, {b} decides whether the data can support it, and {c} turns the result into something a decision maker can act on. Keep these three in mind as you continue; the next section relies on them.',
];

function fillTemplate(template, [title, [a, b, c], example]) {
  return template
    .replaceAll('{title_lower}', title.charAt(0).toLowerCase() + title.slice(1))
    .replaceAll('{title}', title)
    .replaceAll('{a}', a)
    .replaceAll('{b}', b)
    .replaceAll('{c}', c)
    .replaceAll('{example}', example);
}

/** The handbook as a sequence of blocks; long enough to fill more than the pages asked for. */
function* handbookBlocks() {
  for (let round = 0; ; round += 1) {
    for (const [chapterIndex, chapter] of CHAPTERS.entries()) {
      const number = round * CHAPTERS.length + chapterIndex + 1;
      yield { kind: 'chapter', text: `Chapter ${number}: ${round === 0 ? chapter.title : `${chapter.title} (Review)`}` };
      for (const [sectionIndex, section] of chapter.sections.entries()) {
        yield { kind: 'section', text: `${number}.${sectionIndex + 1} ${section[0]}` };
        for (const template of PARAGRAPHS) yield { kind: 'paragraph', text: fillTemplate(template, section) };
      }
    }
  }
}

const STYLES = {
  chapter: { font: 'Helvetica-Bold', size: 22, before: 0, after: 14 },
  section: { font: 'Helvetica-Bold', size: 15, before: 10, after: 6 },
  paragraph: { font: 'Helvetica', size: 11, before: 0, after: 8 },
};

/** Resolves to a PDF Buffer of exactly `pages` pages (at least 2). */
function buildCoursePdf({ pages = 30 } = {}) {
  if (pages < 2) throw new Error('the handbook needs at least 2 pages');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: HANDBOOK_TITLE, Author: 'Masar benchmark' } });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    let pageCount = 1;
    doc.on('pageAdded', () => (pageCount += 1));

    doc.font('Helvetica-Bold').fontSize(28).text(HANDBOOK_TITLE, { align: 'center' });
    doc.moveDown();
    doc.font('Helvetica').fontSize(14).text('A practical handbook for analysts and team leads', { align: 'center' });
    doc.moveDown(2);
    doc.fontSize(11).text(
      'This handbook takes you from a business question to a decision supported by data. Each chapter introduces the ideas, ' +
        'shows a worked example and ends each section with practice you can do with your own data.',
      { align: 'justify' },
    );

    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const bottom = () => doc.page.height - doc.page.margins.bottom;
    for (const block of handbookBlocks()) {
      const style = STYLES[block.kind];
      doc.font(style.font).fontSize(style.size);
      const height = style.before + doc.heightOfString(block.text, { width }) + style.after;
      // A section heading needs room for its first lines too, or it would sit alone at the foot of a page.
      const needed = block.kind === 'section' ? height + 60 : height;
      const startsPage = block.kind === 'chapter' || doc.y + needed > bottom();
      if (startsPage && pageCount === pages) break;
      if (startsPage) doc.addPage();
      if (style.before > 0 && doc.y > doc.page.margins.top) doc.moveDown(style.before / style.size);
      doc.text(block.text, { width, align: block.kind === 'paragraph' ? 'justify' : 'left' });
      doc.y += style.after;
    }
    doc.end();
  });
}

module.exports = { buildCoursePdf, HANDBOOK_TITLE };

if (require.main === module) {
  const out = process.argv[2] ?? 'handbook.pdf';
  buildCoursePdf({ pages: Number(process.env.PAGES ?? 30) }).then((pdf) => {
    require('node:fs').writeFileSync(out, pdf);
    console.log(`${out}: ${pdf.length} bytes`);
  });
}
