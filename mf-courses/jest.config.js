const { frontendJestConfig } = require('@masar/shell/testing/jest-preset');

/**
 * react-markdown and remark-gfm (the helpers' answers) and the unified packages under them ship ES
 * modules only; Jest runs CommonJS, so swc compiles those too. Everything else in node_modules is left alone.
 */
const ES_MODULE_PACKAGES = [
  'react-markdown',
  'remark-[^/]+',
  'unified',
  'bail',
  'ccount',
  'character-[^/]+',
  'comma-separated-tokens',
  'decode-named-character-reference',
  'devlop',
  'escape-string-regexp',
  'estree-util-[^/]+',
  'hast-util-[^/]+',
  'html-url-attributes',
  'is-alphabetical',
  'is-alphanumerical',
  'is-decimal',
  'is-hexadecimal',
  'is-plain-obj',
  'longest-streak',
  'markdown-table',
  'mdast-util-[^/]+',
  'micromark[^/]*',
  'parse-entities',
  'property-information',
  'space-separated-tokens',
  'stringify-entities',
  'trim-lines',
  'trough',
  'unist-util-[^/]+',
  'vfile[^/]*',
  'zwitch',
];

/** @type {import('jest').Config} */
module.exports = {
  ...frontendJestConfig(),
  transformIgnorePatterns: [`/node_modules/(?!(?:${ES_MODULE_PACKAGES.join('|')})/)`],
};
