// The upload half of `npm run bench:skills`: a 2-page PDF posting through the whole platform
// (browser-style multipart POST -> gateway -> JetStream object store -> svc-jobs text extraction ->
// svc-ai skill extraction -> Postgres) and the reviewed set saved back, timed end to end.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { signInAsAdmin } = require('../local/api-sign-in');
const { startPlatform } = require('../local/platform');

const PDF_FIXTURE = path.join(__dirname, 'fixtures/two-page-posting.pdf');
const WARMUP_RUNS = 3;

function percentile(sortedMs, fraction) {
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)];
}

/** One upload and the save of its reviewed set; returns both durations in ms. */
async function uploadOnce(baseUrl, cookie, pdf) {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'two-page-posting.pdf');
  form.append('title', 'Senior Platform Engineer');
  const startedAt = performance.now();
  const uploaded = await fetch(`${baseUrl}/api/job-descriptions/upload`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const { jobDescription } = await uploaded.json();
  const uploadMs = performance.now() - startedAt;
  if (jobDescription.extractedSkills.length === 0) throw new Error('the upload extracted no skills');
  const approvedSkills = jobDescription.extractedSkills.filter((skill) => skill.confidence > 0.7).map((skill) => skill.name);
  const saved = await fetch(`${baseUrl}/api/job-descriptions/${jobDescription.id}/skills`, {
    method: 'PUT',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ approvedSkills: approvedSkills.length > 0 ? approvedSkills : [jobDescription.extractedSkills[0].name], removedSkills: [], customSkills: [] }),
  });
  if (!saved.ok) throw new Error(`saving the reviewed skills failed: ${saved.status} ${await saved.text()}`);
  return { uploadMs, totalMs: performance.now() - startedAt, skills: jobDescription.extractedSkills.length };
}

/** Starts the built platform on its own port and database, uploads the PDF `runs` times, stops it. */
async function measureUploadPath({ runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 40) } = {}) {
  const platform = await startPlatform({
    recreateDatabase: true,
    log: () => undefined,
    env: {
      PORT: process.env.BENCH_UPLOAD_PORT ?? '18093',
      DATABASE_URL: process.env.BENCH_UPLOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench_upload',
      SESSION_KEY_PREFIX: `masar:bench-upload:${Date.now()}:sess:`,
      LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:bench-upload:${Date.now()}:login:`,
      SEED_PREDEFINED_ROLES: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const pdf = fs.readFileSync(PDF_FIXTURE);
    const cookie = await signInAsAdmin(platform.baseUrl);
    for (let run = 0; run < WARMUP_RUNS; run += 1) await uploadOnce(platform.baseUrl, cookie, pdf);
    const uploads = [];
    const totals = [];
    let skills = 0;
    for (let run = 0; run < runs; run += 1) {
      const timing = await uploadOnce(platform.baseUrl, cookie, pdf);
      uploads.push(timing.uploadMs);
      totals.push(timing.totalMs);
      skills = timing.skills;
    }
    uploads.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    return {
      runs,
      skills,
      uploadP50Ms: percentile(uploads, 0.5),
      uploadP95Ms: percentile(uploads, 0.95),
      p50Ms: percentile(totals, 0.5),
      p95Ms: percentile(totals, 0.95),
    };
  } finally {
    await platform.stop();
  }
}

module.exports = { measureUploadPath, percentile };

if (require.main === module) {
  measureUploadPath().then(
    (result) => console.table([result]),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
