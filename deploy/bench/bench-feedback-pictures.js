#!/usr/bin/env node
// npm run bench:pictures
// What svc-ai does to an exercise's attached picture before a vision model sees it (the BUILT
// svc-ai/dist, `pictureForModel`): time to reduce it, and the bytes that go into the chat request.
// With NATS_URL and MASAR_NATS_GATEWAY_PASSWORD / MASAR_NATS_AI_PASSWORD set (Masar's own NATS, e.g.
// from deploy/local/own-servers), it also times svc-ai's NATS user reading each from the
// attachments bucket. Noise pictures are the worst case: real photos compress better. Build first:
// npx nx run svc-ai:build
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { printTable } = require('./bench-table');

const ROOT = path.resolve(__dirname, '../..');
const SVC_AI = path.join(ROOT, 'svc-ai');
const PICTURE_MODULE = path.join(SVC_AI, 'dist/exercise-feedback/feedback-picture.js');
const RUNS = Number(process.env.BENCH_PICTURE_RUNS ?? 5);
// svc-ai's own dependencies: the bench draws and reads with what the service itself uses.
const fromSvcAi = (name) => require(require.resolve(name, { paths: [SVC_AI] }));

async function picture(width, height, format, noisy) {
  const { createCanvas } = fromSvcAi('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  if (noisy) {
    const pixels = context.createImageData(width, height);
    for (let index = 0; index < pixels.data.length; index += 4) {
      pixels.data[index] = (index * 7919) % 251;
      pixels.data[index + 1] = (index * 104_729) % 241;
      pixels.data[index + 2] = (index * 1_299_709) % 239;
      pixels.data[index + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
  } else {
    // A screenshot: flat panels and text-like bars.
    context.fillStyle = '#f5f5f5';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#1f2937';
    for (let y = 40; y < height - 40; y += 28) context.fillRect(40 + (y % 120), y, width / 2 + (y % 300), 12);
  }
  return format === 'png' ? canvas.encode('png') : canvas.encode(format, 92);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kilobytes = (bytes) => `${Math.round(bytes / 1024)} KB`;

async function readTimes(cases) {
  const { NATS_URL, MASAR_NATS_GATEWAY_PASSWORD, MASAR_NATS_AI_PASSWORD } = process.env;
  if (!NATS_URL || !MASAR_NATS_GATEWAY_PASSWORD || !MASAR_NATS_AI_PASSWORD) return null;
  const { connect } = fromSvcAi('nats');
  const gateway = await connect({ servers: NATS_URL, user: 'svc-gateway', pass: MASAR_NATS_GATEWAY_PASSWORD, inboxPrefix: '_INBOX_svc-gateway' });
  const ai = await connect({ servers: NATS_URL, user: 'svc-ai', pass: MASAR_NATS_AI_PASSWORD, inboxPrefix: '_INBOX_svc-ai' });
  const bucketName = 'masar-exercise-attachments';
  const written = await gateway.jetstream().views.os(bucketName);
  const read = await ai.jetstream().views.os(bucketName);
  const times = [];
  try {
    for (const { bytes } of cases) {
      const key = randomUUID();
      await written.putBlob({ name: key }, bytes);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = process.hrtime.bigint();
        await read.getBlob(key);
        runs.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.push(median(runs));
      await written.delete(key);
    }
  } finally {
    await gateway.close();
    await ai.close();
  }
  return times;
}

async function main() {
  if (!existsSync(PICTURE_MODULE)) {
    console.error(`bench:pictures needs the built svc-ai (${PICTURE_MODULE} is missing): run npx nx run svc-ai:build`);
    process.exit(1);
  }
  const { pictureForModel } = require(PICTURE_MODULE);
  const cases = [
    { label: 'screenshot PNG 1920×1080', mediaType: 'image/png', bytes: await picture(1920, 1080, 'png', false) },
    { label: 'photo JPEG 3000×2000 (noise)', mediaType: 'image/jpeg', bytes: await picture(3000, 2000, 'jpeg', true) },
    { label: 'photo JPEG 4032×3024 (noise)', mediaType: 'image/jpeg', bytes: await picture(4032, 3024, 'jpeg', true) },
    { label: 'photo WebP 2000×1500 (noise)', mediaType: 'image/webp', bytes: await picture(2000, 1500, 'webp', true) },
  ];
  const reads = await readTimes(cases);
  const rows = [];
  for (const [index, { label, mediaType, bytes }] of cases.entries()) {
    const runs = [];
    let shown;
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      shown = await pictureForModel(bytes, mediaType);
      runs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    rows.push([
      label,
      kilobytes(bytes.length),
      reads ? `${reads[index].toFixed(0)} ms` : 'not measured',
      `${median(runs).toFixed(0)} ms`,
      `${shown.mediaType} ${kilobytes(shown.bytes.length)}`,
      kilobytes(Math.ceil(shown.bytes.length / 3) * 4),
    ]);
  }
  console.log(`Exercise pictures for a vision model (median of ${RUNS} runs, one core)`);
  printTable(['picture', 'attached', 'read from bucket (svc-ai)', 'reduce', 'shown to the model', 'in the chat request (base64)'], rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
