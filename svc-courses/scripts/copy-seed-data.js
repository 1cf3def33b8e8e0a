// tsc copies no JSON: put the seed catalog next to the compiled seeder (dist/catalog/seed-data),
// replacing what an earlier build left so a deleted seed file does not linger.
const { cpSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const projectRoot = join(__dirname, '..');
const target = join(projectRoot, 'dist', 'catalog', 'seed-data');
rmSync(target, { recursive: true, force: true });
cpSync(join(projectRoot, 'src', 'catalog', 'seed-data'), target, { recursive: true });
