import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { leanStyleFile, RESOURCE_QUERY, STYLE_FILE, wholeStyleFile } from './antd-style-generators-loader';

/**
 * The loader rewrites antd's own files, so these run it over every style file of the installed antd:
 * a new antd that writes them differently fails here, not in a browser.
 */
const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json', { paths: [path.resolve(__dirname, '..')] })), 'es');

function styleFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return styleFiles(full);
    return STYLE_FILE.test(full) ? [full] : [];
  });
}

const FILES = styleFiles(ANTD_ES).map((file) => ({ file, name: path.relative(ANTD_ES, file), source: fs.readFileSync(file, 'utf8') }));
const HOOK_CALL = /\b(genStyleHooks|genSubStyleComponent|genComponentStyleHook)\(/g;

/** Each style hook factory call of `code`, with the source text of its arguments. */
function hookCalls(code: string): { name: string; args: string[] }[] {
  const calls: { name: string; args: string[] }[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const candidate = node as { type?: string; callee?: { type: string; name?: string }; arguments?: { start: number; end: number }[] };
    if (candidate.type === 'CallExpression' && candidate.callee?.type === 'Identifier' && /^gen(StyleHooks|SubStyleComponent|ComponentStyleHook)$/.test(candidate.callee.name ?? '')) {
      calls.push({ name: candidate.callee.name ?? '', args: (candidate.arguments ?? []).map((argument) => code.slice(argument.start, argument.end)) });
    }
    Object.values(node).forEach(visit);
  };
  visit(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }));
  return calls;
}

function parses(source: string): boolean {
  parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  return true;
}

describe('antd-style-generators-loader', () => {
  it('finds the style files of every component the portal shares, and none of the theme', () => {
    const names = FILES.map((file) => file.name);
    expect(names).toEqual(expect.arrayContaining(['button/style/index.js', 'switch/style/index.js', 'style/index.js', '_util/wave/style.js']));
    expect(names.filter((name) => name.startsWith('theme/'))).toEqual([]);
  });

  it.each(FILES.map((file) => [file.name, file]))('%s: each style function becomes a stand-in, the component tokens stay', (_name, { file, source }) => {
    // TreeSelect's style function reads its component's prefix, so it stays in the first load.
    const calls = [...source.matchAll(HOOK_CALL)].length - (file.endsWith(path.join('tree-select', 'style', 'index.js')) ? 1 : 0);
    const lean = leanStyleFile(source, file);
    expect(parses(lean)).toBe(true);
    expect([...lean.matchAll(/__masarLazyStyle\((\d+)\)/g)].map((match) => Number(match[1]))).toEqual([...Array(calls).keys()]);
    if (calls === 0) {
      expect(lean).toBe(source);
      return;
    }
    // The other arguments (the component's name, its token function, the options) are untouched.
    const otherArguments = (code: string) => hookCalls(code).map(({ args }) => args.filter((_argument, index) => index !== 1));
    expect(otherArguments(lean)).toEqual(otherArguments(source));
    expect(lean).toContain(`import(/* webpackChunkName: "antd-style-generators" */ "./${path.basename(file)}${RESOURCE_QUERY}")`);
  });

  it.each(FILES.map((file) => [file.name, file]))('%s: whole, it hands out as many style functions as the lean file has stand-ins', (_name, { file, source }) => {
    const whole = wholeStyleFile(source, file);
    expect(parses(whole)).toBe(true);
    const captured = [...whole.matchAll(/__masarStyleGenerators\[(\d+)\] = /g)].map((match) => Number(match[1]));
    const standIns = [...leanStyleFile(source, file).matchAll(/__masarLazyStyle\((\d+)\)/g)].map((match) => Number(match[1]));
    expect(captured).toEqual(standIns);
  });

  it.each(['menu', 'tooltip'])("%s builds its hook per render: whole, its style function is defined as the file is evaluated", (component) => {
    const file = path.join(ANTD_ES, component, 'style/index.js');
    const whole = wholeStyleFile(fs.readFileSync(file, 'utf8'), file);
    const program = parse(whole, { ecmaVersion: 'latest', sourceType: 'module' });
    const last = program.body[program.body.length - 1] as unknown as { type: string; expression: { type: string; left: { start: number; end: number } } };
    expect(last.type).toBe('ExpressionStatement');
    expect(whole.slice(last.expression.left.start, last.expression.left.end)).toBe('__masarStyleGenerators[0]');
    expect(hookCalls(whole)[0].args[1]).toBe('__masarStyleGenerators[0]');
  });

  it('leaves a style function that reads the function around it in the first load', () => {
    const file = path.join(ANTD_ES, 'tree-select/style/index.js');
    const source = fs.readFileSync(file, 'utf8');
    expect(leanStyleFile(source, file)).toBe(source);
    expect(wholeStyleFile(source, file)).not.toContain('__masarStyleGenerators[0]');
  });

  it("takes the other style files whole in the lazy chunk, and antd's theme as the same module", () => {
    const file = path.join(ANTD_ES, 'button/style/compact.js');
    const whole = wholeStyleFile(fs.readFileSync(file, 'utf8'), file);
    expect(whole).toContain(`from "../../style/compact-item${RESOURCE_QUERY}"`);
    expect(whole).toContain(`from "./token${RESOURCE_QUERY}"`);
    expect(whole).toContain("from '../../theme/internal'");
    expect(whole).toContain("from '../../theme/util/genStyleUtils'");
  });

  it("leaves the Switch's style function out and keeps what registers its component tokens", () => {
    const file = path.join(ANTD_ES, 'switch/style/index.js');
    const source = fs.readFileSync(file, 'utf8');
    const lean = leanStyleFile(source, file);
    const call = lean.slice(lean.lastIndexOf('genStyleHooks('));
    expect(call).toMatch(/^genStyleHooks\('Switch', __masarLazyStyle\(0\), prepareComponentToken\b/);
    expect(lean).toContain('export const prepareComponentToken');
  });
});
