import fs from 'node:fs';
import path from 'node:path';

/**
 * antd-used.mjs and router-used.mjs are the antd and the router every page shares
 * (create-webpack-config.js). A name imported from 'antd' or 'react-router-dom' but missing there
 * would be undefined in the browser, so this reads every front-end source and checks that each
 * value it imports from those packages is provided, and provided from the package's own module.
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

const SOURCES = FRONT_ENDS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).map((file) => ({
  file: path.relative(ROOT, file),
  source: fs.readFileSync(file, 'utf8'),
}));

/** Values (not types) imported from `packageName`, each with a file that imports it. */
function importedValues(packageName: string): Map<string, string> {
  const names = new Map<string, string>();
  const quoted = `['"]${packageName.replace(/[-/]/g, '\\$&')}['"]`;
  for (const { file, source } of SOURCES) {
    for (const match of source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))) {
      if (match[1]) continue;
      for (const specifier of match[2].split(',').map((part) => part.trim())) {
        if (specifier && !specifier.startsWith('type ')) names.set(specifier.split(/\s+as\s+/)[0], file);
      }
    }
    // A default or namespace import would want the whole package: the shared modules have neither.
    const whole = new RegExp(`import\\s+(\\*\\s+as\\s+)?\\w+\\s+from\\s*${quoted}`).test(source);
    expect({ file, whole }).toEqual({ file, whole: false });
  }
  return names;
}

function moduleText(fileName: string): string {
  return fs.readFileSync(path.join(__dirname, fileName), 'utf8');
}

function missing(imported: Map<string, string>, provided: Set<string>): string[] {
  return [...imported].filter(([name]) => !provided.has(name)).map(([name, file]) => `${name} (${file})`);
}

describe('the shared antd (antd-used.mjs)', () => {
  const text = moduleText('antd-used.mjs');
  // Re-exported as they are, or wrapped to download on first render (`later`).
  const provided = new Map(
    [
      ...text.matchAll(/export \{ default as (\w+) \} from '(antd\/es\/[^']+)'/g),
      ...text.matchAll(/export const (\w+) = later\(\(\) => import\('(antd\/es\/[^']+)'\)[,)]/g),
    ].map((match) => [match[1], match[2]]),
  );

  // Its own helpers (preloadPageComponents), beside antd's components.
  const ownFunctions = [...text.matchAll(/^export function (\w+)/gm)].map((match) => match[1]);

  it('provides every antd component the front ends import', () => {
    expect(ownFunctions).toContain('preloadPageComponents');
    expect(missing(importedValues('antd'), new Set([...provided.keys(), ...ownFunctions]))).toEqual([]);
  });

  it('wraps for later each static part a source uses (a missing Descriptions.Item would be undefined)', () => {
    const later = [...text.matchAll(/export const (\w+) = later\(.*$/gm)].map((match) => ({ name: match[1], line: match[0] }));
    expect(later.length).toBeGreaterThan(0);
    const missingParts = later.flatMap(({ name, line }) => {
      const parts = new Set([...(/parts: \[([^\]]*)\]/.exec(line)?.[1] ?? '').matchAll(/'([\w.]+)'/g)].map((match) => match[1]));
      for (const key of ['hooks', 'values']) {
        for (const entry of (new RegExp(`${key}: [{[]([^}\\]]*)`).exec(line)?.[1] ?? '').split(',')) parts.add(entry.trim().replace(/'/g, ''));
      }
      const used = new Set(SOURCES.flatMap(({ source }) => [...source.matchAll(new RegExp(`\\b${name}\\.([A-Z][\\w.]*[\\w]|use\\w+|[A-Z_]+)`, 'g'))].map((match) => match[1])));
      return [...used].filter((part) => !parts.has(part)).map((part) => `${name}.${part}`);
    });
    expect(missingParts).toEqual([]);
  });

  it("takes each one from the module antd's own index takes it from", () => {
    const antdIndex = fs.readFileSync(path.join(path.dirname(require.resolve('antd/package.json')), 'es/index.js'), 'utf8');
    const official = new Map([...antdIndex.matchAll(/export \{ default as (\w+) \} from '\.\/([^']+)'/g)].map((match) => [match[1], `antd/es/${match[2]}/index.js`]));
    for (const [name, modulePath] of provided) expect({ name, modulePath }).toEqual({ name, modulePath: official.get(name) });
  });
});

describe('the shared router (router-used.mjs)', () => {
  const block = /export \{([^}]*)\} from 'react-router';/.exec(moduleText('router-used.mjs'));
  const provided = new Set((block?.[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean));

  it('provides every react-router-dom export the front ends import', () => {
    expect(provided.size).toBeGreaterThan(0);
    expect(missing(importedValues('react-router-dom'), provided)).toEqual([]);
  });

  it('takes each one from react-router, where react-router-dom takes it from', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's real export list
    const reactRouter = require('react-router') as Record<string, unknown>;
    expect([...provided].filter((name) => reactRouter[name] === undefined)).toEqual([]);
  });

  it('is the only way to react-router', () => {
    expect(importedValues('react-router').size).toBe(0);
  });
});

describe('the shared zod (zod-used.mjs)', () => {
  // The contracts reach the browser through their index; service-kit and the events stream are Node-only.
  const contractSources = sourceFiles(path.join(ROOT, 'contracts/src'))
    .filter((file) => !file.includes(`${path.sep}service-kit${path.sep}`) && !file.endsWith('events-stream.ts'))
    .map((file) => ({ file: path.relative(ROOT, file), source: fs.readFileSync(file, 'utf8') }));
  const browserSources = [...SOURCES, ...contractSources];
  const block = /export const z = Object\.freeze\(\{([^}]*)\}\);/.exec(moduleText('zod-used.mjs'));
  const provided = new Set((block?.[1] ?? '').split(',').map((entry) => entry.split(':')[0].trim()).filter(Boolean));
  /** `z.infer`, `z.input`, `z.output`, `z.core.$ZodIssue` and the `z.Zod…` classes name types here, never values. */
  const TYPE_ONLY = /^(infer|input|output|core|Zod\w+)$/;

  it('provides every z function the front ends and the contracts call', () => {
    expect(provided.size).toBeGreaterThan(0);
    const used = new Map<string, string>();
    for (const { file, source } of browserSources) {
      for (const match of source.matchAll(/\bz\.(\w+)/g)) if (!TYPE_ONLY.test(match[1])) used.set(match[1], file);
    }
    expect(missing(used, provided)).toEqual([]);
  });

  it('is imported only as `z`, and its classes only name types', () => {
    for (const { file, source } of browserSources) {
      const imports = [...source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'zod[^']*'/g)].filter((match) => !match[1]).map((match) => match[2]);
      expect({ file, imports: imports.filter((names) => names !== '{ z }') }).toEqual({ file, imports: [] });
      expect({ file, classValues: /(instanceof|new)\s+z\.Zod/.test(source) }).toEqual({ file, classValues: false });
    }
  });

  it('gives each name the zod function of that name', () => {
    // The module itself, loaded against the real package (what the alias does in webpack).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's real exports
    const zod = require('zod') as Record<string, unknown>;
    const text = moduleText('zod-used.mjs');
    for (const name of provided) {
      const imported = name === 'enum' ? /enum as enumOf/.test(text) : new RegExp(`^\\s+${name},$`, 'm').test(text);
      expect({ name, exported: zod[name] !== undefined, imported }).toEqual({ name, exported: true, imported: true });
    }
  });
});

describe("antd's static stylesheet (antd-stylesheet-loader.js)", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS loader webpack runs
  const { trimStylesheet, UNUSED_FAMILIES } = require('./antd-stylesheet-loader.js') as {
    trimStylesheet: (css: string) => string;
    UNUSED_FAMILIES: Record<string, string[]>;
  };
  const ANTD_ES = path.join(ROOT, 'node_modules/antd/es');

  /** The antd folders the shared antd's modules import, directly or through others (locales aside: they draw nothing). */
  function foldersReached(): Set<string> {
    const entries = [...moduleText('antd-used.mjs').matchAll(/'antd\/es\/([^']+)'/g)].map((match) => path.join(ANTD_ES, match[1]));
    const seen = new Set<string>();
    const pending = [...entries];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)) {
        const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
        const found = [target, `${target}.js`, path.join(target, 'index.js')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
        if (found && !found.includes(`${path.sep}locale${path.sep}`)) pending.push(found);
      }
    }
    return new Set([...seen].map((file) => path.relative(ANTD_ES, file).split(path.sep)[0]));
  }

  it('leaves out only families that no component of the shared antd can draw', () => {
    const reached = foldersReached();
    expect(reached.has('button') && reached.has('select') && reached.has('table')).toBe(true);
    const drawable = Object.entries(UNUSED_FAMILIES).filter(([, folders]) => folders.some((folder) => reached.has(folder)));
    expect(drawable).toEqual([]);
  });

  it("keeps every rule of the families it draws, inside media queries too, and drops the others' rules", () => {
    const css = [
      '.ant-btn{color:red;}',
      '.ant-picker{color:blue;}',
      '.ant-picker-dropdown,.ant-tour{top:0;}',
      '.ant-input .ant-picker{width:1px;}',
      '@media (min-width: 576px){.ant-col-sm-1{flex:0 0 4%;}.ant-picker-panel{width:1px;}}',
      '@media (min-width: 1600px){.ant-picker-panels{flex:1;}}',
      '@keyframes antSlideUpIn{0%{opacity:0;}100%{opacity:1;}}',
      '.css-var-_R_0_{--ant-blue:#1677FF;}',
      'a{color:var(--ant-color-link);}',
    ].join('');
    expect(trimStylesheet(css)).toBe(
      [
        '.ant-btn{color:red;}',
        '.ant-input .ant-picker{width:1px;}',
        '@media (min-width: 576px){.ant-col-sm-1{flex:0 0 4%;}}',
        '@keyframes antSlideUpIn{0%{opacity:0;}100%{opacity:1;}}',
        'a{color:var(--ant-color-link);}',
      ].join(''),
    );
  });

  it("trims antd's real stylesheet by about a quarter, keeping what home draws", () => {
    const css = fs.readFileSync(path.join(ROOT, 'node_modules/antd/dist/antd.css'), 'utf8');
    const trimmed = trimStylesheet(css);
    expect(trimmed.length).toBeLessThan(css.length * 0.8);
    for (const rule of ['.ant-btn{', '.ant-select{', '.ant-card{', '.ant-layout-header{', '.ant-modal{', '.ant-notification{']) expect(trimmed).toContain(rule);
    expect(trimmed).not.toContain('.ant-picker{');
  });
});
