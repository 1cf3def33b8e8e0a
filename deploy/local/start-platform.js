#!/usr/bin/env node
// `npm start`: runs the whole platform in the foreground until Ctrl+C.
'use strict';
const path = require('node:path');
const { startPlatform, ROOT } = require('./platform');

async function main() {
  // Masar's own NATS on a port of its own (a NATS already on 4222 is left alone), keeping its
  // JetStream store (events, uploads) across restarts in .masar/nats.
  const platform = await startPlatform({
    nats: { port: Number(process.env.MASAR_NATS_PORT ?? 4223), storeDir: path.join(ROOT, '.masar/nats') },
  });
  const admin = process.env.ADMIN_USERNAME ?? 'admin';
  const demo = process.env.DEMO_USERNAME ?? 'demo';
  console.log(`\nMasar is running at ${platform.baseUrl}`);
  console.log(`  sign in as ${admin} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'admin123'} (admin) or ${demo} / ${process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : 'demo123'} (learner), or press Demo Login`);
  console.log(`  API docs: ${platform.baseUrl}/api/docs   health: ${platform.baseUrl}/api/health\n`);
  const shutdown = async () => {
    console.log('\nStopping Masar...');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`\nMasar could not start:\n${error.message}`);
  process.exit(1);
});
