// Trims antd's static stylesheet (antd/dist/antd.css, imported with `?url` by the shell) to what the
// portal can draw: the rules of component families that no component of antd-used.mjs reaches are
// left out, and so are the blocks antd's own build wrote for itself (its root theme variables under
// class names the portal never uses, its style cache's bookkeeping). shared-used.spec.ts checks that
// each family left out stays out of reach of the shared antd, so adding a component there fails the
// test before a page draws it unstyled.
'use strict';

/** CSS family (the word after `.ant-`) -> the antd folders whose components draw it. */
const UNUSED_FAMILIES = {
  affix: ['affix'],
  anchor: ['anchor'],
  back: ['back-top'],
  badge: ['badge'],
  breadcrumb: ['breadcrumb'],
  carousel: ['carousel'],
  cascader: ['cascader'],
  float: ['float-button'],
  masonry: ['masonry'],
  mentions: ['mentions'],
  picker: ['date-picker', 'time-picker', 'calendar'],
  qrcode: ['qr-code', 'qrcode'],
  rate: ['rate'],
  ribbon: ['badge'],
  slider: ['slider'],
  splitter: ['splitter'],
  tour: ['tour'],
  transfer: ['transfer'],
};

/** antd's build-time blocks: its root theme variables (`.css-var-_R_…`) and cache bookkeeping. */
const BUILD_ONLY_SELECTOR = /^\s*(\.css-var-_R_|\.data-ant-cssinjs-cache-path)/;

/** The top-level blocks of `css` (`selector{…}` or `@media …{…}`), in order. */
function topLevelBlocks(css) {
  const blocks = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < css.length; index++) {
    if (css[index] === '{') depth++;
    else if (css[index] === '}' && --depth === 0) {
      blocks.push(css.slice(start, index + 1));
      start = index + 1;
    }
  }
  if (css.slice(start).trim()) throw new Error('antd-stylesheet-loader: unbalanced braces at the end of the stylesheet');
  return blocks;
}

/** Whether a rule's selector starts with a family left out (every selector of its list does). */
function drawsOnlyUnusedFamilies(selector) {
  const families = selector.split(',').map((part) => part.trim().match(/^(?::where\([^)]*\))?\.ant-([a-z]+)/)?.[1]);
  return families.every((family) => family !== undefined && Object.hasOwn(UNUSED_FAMILIES, family));
}

function trimStylesheet(css) {
  return topLevelBlocks(css)
    .map((block) => {
      const selector = block.slice(0, block.indexOf('{'));
      if (BUILD_ONLY_SELECTOR.test(selector)) return '';
      if (/^\s*@(media|supports)/.test(selector)) {
        const inner = trimStylesheet(block.slice(block.indexOf('{') + 1, -1));
        return inner ? `${selector}{${inner}}` : '';
      }
      if (selector.trim().startsWith('@')) return block;
      return drawsOnlyUnusedFamilies(selector) ? '' : block;
    })
    .join('');
}

module.exports = function antdStylesheetLoader(source) {
  return trimStylesheet(source);
};
module.exports.trimStylesheet = trimStylesheet;
module.exports.UNUSED_FAMILIES = UNUSED_FAMILIES;
