import fs from 'node:fs';
import path from 'node:path';

/**
 * antd-used.mjs is the antd every page shares (create-webpack-config.js). A component imported
 * from 'antd' but missing there would be undefined in the browser, so this reads every front-end
 * source and checks that each value it imports from 'antd' is provided, from antd's own module.
 */
const ROOT = path.resolve(__dirname, '../..');
const FRONT_ENDS = ['shell/src', 'mf-courses/src', 'mf-jobroles/src', 'mf-progress/src', 'mf-agents/src'];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Values (not types) imported from 'antd', with the file that imports each. */
function importedAntdValues(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of FRONT_ENDS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]antd['"]/g)) {
      if (match[1]) continue;
      for (const specifier of match[2].split(',').map((part) => part.trim())) {
        if (specifier && !specifier.startsWith('type ')) names.set(specifier.split(/\s+as\s+/)[0], path.relative(ROOT, file));
      }
    }
    // A default or namespace import would take the whole package: the shared module has neither.
    expect({ file, whole: /import\s+(\*\s+as\s+)?\w+\s+from\s*['"]antd['"]/.test(source) }).toEqual({ file, whole: false });
  }
  return names;
}

function providedNames(): Map<string, string> {
  const source = fs.readFileSync(path.join(__dirname, 'antd-used.mjs'), 'utf8');
  return new Map([...source.matchAll(/export \{ default as (\w+) \} from '(antd\/es\/[^']+)'/g)].map((match) => [match[1], match[2]]));
}

describe('the shared antd (antd-used.mjs)', () => {
  it('provides every antd component the front ends import', () => {
    const provided = providedNames();
    const missing = [...importedAntdValues()].filter(([name]) => !provided.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it("takes each one from the module antd's own index takes it from", () => {
    const antdIndex = fs.readFileSync(path.join(path.dirname(require.resolve('antd/package.json')), 'es/index.js'), 'utf8');
    const official = new Map([...antdIndex.matchAll(/export \{ default as (\w+) \} from '\.\/([^']+)'/g)].map((match) => [match[1], `antd/es/${match[2]}/index.js`]));
    for (const [name, modulePath] of providedNames()) expect({ name, modulePath }).toEqual({ name, modulePath: official.get(name) });
  });
});
