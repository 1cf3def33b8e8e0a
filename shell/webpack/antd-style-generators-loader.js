// Takes antd's style generators off the portal's first load. Every antd component registers its
// styles with `genStyleHooks(name, styleFn, prepareComponentToken, options)` (or genSubStyleComponent,
// genComponentStyleHook): `styleFn` builds the component's CSS objects and is the bulk of each
// `antd/es/**/style/*.js`, but with the theme's `zeroRuntime` (the portal over antd's static
// stylesheet) antd never calls it. The component tokens and the CSS-variable registration (the 3rd
// and 4th arguments) still run: they carry Masar's theme into the static sheet.
//
// Over a style file this loader replaces each `styleFn` argument with a stand-in from
// src/features/antd-stylesheet/antd-style-generators.ts, which calls the real one once its chunk has
// loaded (`loadAntdStyleGenerators()`, awaited before the first render only when the sheet did not
// load). The real ones are the same file imported again with RESOURCE_QUERY: there it is left whole,
// hands its style functions out as `__masarStyleGenerators`, and imports the other style files with
// the query too, so every helper only a generator uses (antd/es/style/*, motions, each component's
// `prepareToken`) moves into that one lazily loaded chunk. Imports of anything else (antd's theme,
// its token helpers) stay the same modules: one antd, one theme.
'use strict';
const path = require('node:path');
const acorn = require('acorn');

/** The query of a style file imported whole, for the lazily loaded chunk. */
const RESOURCE_QUERY = '?masar-style-generators';

/** The lazily loaded chunk's name: every generator of the build lands in it, one request. */
const CHUNK_NAME = 'antd-style-generators';

/** antd's files that hold style generators or helpers only they use (not the theme's own folder). */
const STYLE_FILE = /[\\/]antd[\\/]es[\\/](?!theme[\\/])(?:.+[\\/])?style(?:[\\/].+)?\.js$/;

/** antd's calls whose second argument is a style function. */
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

/** The registry the stand-ins call into (one module in the build, so one registry on the page). */
const REGISTRY = path.resolve(__dirname, '../src/features/antd-stylesheet/antd-style-generators.ts');

function parse(source) {
  return acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
}

/** Every node of `node`'s tree, depth first, with the functions around it (innermost last). */
function* walk(node, functions = []) {
  if (!node || typeof node.type !== 'string') return;
  yield { node, functions };
  const inner = /Function/.test(node.type) ? [...functions, node] : functions;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* walk(child, inner);
    else if (value && typeof value.type === 'string') yield* walk(value, inner);
  }
}

/** The names a node reads (identifiers that are not property names). */
function namesRead(node) {
  const names = new Set();
  for (const { node: child } of walk(node)) {
    if (child.type === 'MemberExpression' && !child.computed) child.property.skipName = true;
    if (child.type === 'Property' && !child.computed && !child.shorthand) child.key.skipName = true;
    if (child.type === 'Identifier' && !child.skipName) names.add(child.name);
  }
  return names;
}

/** The names bound in `fn` (its parameters and declarations), outside `except`. */
function namesBound(fn, except) {
  const names = new Set();
  const bind = (pattern) => {
    for (const { node } of walk(pattern)) if (node.type === 'Identifier') names.add(node.name);
  };
  fn.params.forEach(bind);
  for (const { node } of walk(fn.body)) {
    if (node.start >= except.start && node.end <= except.end) continue;
    if (node.type === 'VariableDeclarator') bind(node.id);
    if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
  }
  return names;
}

/**
 * The style-function arguments that can load on their own, in source order: those of calls made as the
 * file is evaluated, and those of calls inside a function (antd's Menu and Tooltip build their hook per
 * render) that read nothing bound by the functions around them. Any other (TreeSelect's reads its
 * prefix) stays where it is, in the first load.
 */
function styleFunctionArguments(program) {
  const found = [];
  for (const { node, functions } of walk(program)) {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !STYLE_HOOK_FACTORIES.has(node.callee.name) || node.arguments.length < 2) continue;
    const argument = node.arguments[1];
    const read = namesRead(argument);
    if (functions.some((fn) => [...namesBound(fn, argument)].some((name) => read.has(name)))) continue;
    found.push({ argument, nested: functions.length > 0 });
  }
  return found.sort((a, b) => a.argument.start - b.argument.start);
}

/** Applies `[start, end, text]` replacements to `source`. */
function splice(source, edits) {
  let result = source;
  for (const [start, end, text] of [...edits].sort((a, b) => b[0] - a[0])) result = result.slice(0, start) + text + result.slice(end);
  return result;
}

/** Whether a relative import of `file` reaches another style file. */
function reachesStyleFile(file, specifier) {
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return STYLE_FILE.test(target) || STYLE_FILE.test(`${target}.js`) || STYLE_FILE.test(path.join(target, 'index.js'));
}

/**
 * The file whole, for the lazy chunk: its style functions exported in source order and its imports
 * of other style files taken whole as well.
 */
function wholeStyleFile(source, file) {
  const program = parse(source);
  const edits = [];
  for (const node of program.body) {
    const from = node.source;
    if (from && /^(Import|ExportAll|ExportNamed)Declaration$/.test(node.type) && reachesStyleFile(file, from.value)) {
      edits.push([from.start, from.end, JSON.stringify(from.value + RESOURCE_QUERY)]);
    }
  }
  const nested = [];
  styleFunctionArguments(program).forEach(({ argument, nested: calledOnRender }, index) => {
    if (!calledOnRender) {
      // Called as the file is evaluated: the style function is taken as it is passed.
      edits.push([argument.start, argument.start, `__masarStyleGenerators[${index}] = `]);
      return;
    }
    // Called only when a component renders: the same function, defined once the file is evaluated.
    edits.push([argument.start, argument.end, `__masarStyleGenerators[${index}]`]);
    nested.push(`__masarStyleGenerators[${index}] = ${source.slice(argument.start, argument.end)};`);
  });
  return `export const __masarStyleGenerators = [];\n${splice(source, edits)}\n${nested.join('\n')}\n`;
}

/** The file for the first load: each style function replaced by a stand-in that calls it once loaded. */
function leanStyleFile(source, file) {
  const program = parse(source);
  const styleFunctions = styleFunctionArguments(program);
  if (styleFunctions.length === 0) return source;
  const whole = JSON.stringify(`./${path.basename(file)}${RESOURCE_QUERY}`);
  const afterImports = program.body.filter((node) => node.type === 'ImportDeclaration').reduce((end, node) => Math.max(end, node.end), 0);
  const edits = styleFunctions.map(({ argument }, index) => [argument.start, argument.end, `__masarLazyStyle(${index})`]);
  edits.push([0, 0, `import { lazyStyleGenerators as __masarLazyStyleGenerators } from ${JSON.stringify(REGISTRY)};\n`]);
  edits.push([
    afterImports,
    afterImports,
    // The chunk loads only when asked; once it is on the page, a file evaluated later (a component
    // antd-used.mjs loads lazily) takes its generators synchronously instead of waiting a turn.
    `\nconst __masarLazyStyle = __masarLazyStyleGenerators(${JSON.stringify(file.split(/[\\/]antd[\\/]es[\\/]/).pop())}, ` +
      `() => import(/* webpackChunkName: ${JSON.stringify(CHUNK_NAME)} */ ${whole}), ` +
      `() => __webpack_modules__[require.resolveWeak(${whole})] ? __webpack_require__(require.resolveWeak(${whole})) : undefined);\n`,
  ]);
  return splice(source, edits);
}

module.exports = function antdStyleGeneratorsLoader(source) {
  const file = this.resourcePath;
  return this.resourceQuery === RESOURCE_QUERY ? wholeStyleFile(source, file) : leanStyleFile(source, file);
};
module.exports.leanStyleFile = leanStyleFile;
module.exports.wholeStyleFile = wholeStyleFile;
module.exports.STYLE_FILE = STYLE_FILE;
module.exports.RESOURCE_QUERY = RESOURCE_QUERY;
