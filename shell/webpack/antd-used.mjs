// The antd that the portal shares as its one singleton (Module Federation key `antd`): exactly the
// components the shell and the remotes import, each from its own module, so webpack leaves out the
// rest of antd (date pickers, trees, carousels...). Shared whole, antd cost every first page about
// 350 KB of compressed JavaScript; a shared module is never tree-shaken, so this file is the shaking.
// One module for all of them keeps antd one ConfigProvider, one theme and one direction.
//
// Only what the signed-in home page shows in its first view is here from the start (its header,
// cards, the role selector, buttons, menus; Modal and Tooltip, which antd's App and other components
// need anyway). Every other component is `later`: it downloads the first time something renders it,
// from this same build, so the page shares one copy of each antd module. That took about 90 KB of
// compressed JavaScript off the home page.
// shell/webpack/shared-used.spec.ts fails when a source imports a name that is missing here.
import { createElement, forwardRef, Suspense, use } from 'react';

export { default as App } from 'antd/es/app/index.js';
export { default as Avatar } from 'antd/es/avatar/index.js';
export { default as Button } from 'antd/es/button/index.js';
export { default as Card } from 'antd/es/card/index.js';
export { default as Col } from 'antd/es/col/index.js';
export { default as ConfigProvider } from 'antd/es/config-provider/index.js';
export { default as Divider } from 'antd/es/divider/index.js';
export { default as Dropdown } from 'antd/es/dropdown/index.js';
export { default as Empty } from 'antd/es/empty/index.js';
export { default as Flex } from 'antd/es/flex/index.js';
export { default as Grid } from 'antd/es/grid/index.js';
export { default as Layout } from 'antd/es/layout/index.js';
export { default as Menu } from 'antd/es/menu/index.js';
export { default as Modal } from 'antd/es/modal/index.js';
export { default as Row } from 'antd/es/row/index.js';
export { default as Segmented } from 'antd/es/segmented/index.js';
export { default as Select } from 'antd/es/select/index.js';
export { default as Skeleton } from 'antd/es/skeleton/index.js';
export { default as Space } from 'antd/es/space/index.js';
export { default as Spin } from 'antd/es/spin/index.js';
export { default as Tooltip } from 'antd/es/tooltip/index.js';
export { default as Typography } from 'antd/es/typography/index.js';
export { default as theme } from 'antd/es/theme/index.js';

/**
 * One antd module downloaded on first use. The promise carries React's `status`/`value` fields once
 * settled, so `use()` reads a loaded module synchronously: after the first time nothing suspends
 * (no flicker of a form's fields). A failed download is forgotten, so the next render asks again.
 */
function laterModule(load) {
  let pending;
  return function loadedModule() {
    if (!pending) {
      const promise = load().then(
        (module) => Object.assign(promise, { status: 'fulfilled', value: module.default }).value,
        (error) => {
          pending = undefined;
          Object.assign(promise, { status: 'rejected', reason: error });
          throw error;
        },
      );
      pending = promise;
    }
    return pending;
  };
}

/** `Item.Meta` of List: the static part at `path` of a loaded component ('' for the component). */
function partOf(component, path) {
  return path ? path.split('.').reduce((part, key) => part[key], component) : component;
}

/**
 * A component of a later module: its spot stays empty (its own Suspense) until the module is there;
 * props and ref pass through, so antd's parents (Form.Item, Tooltip) drive it as the real one.
 */
function laterComponent(loadedModule, path) {
  const Loaded = forwardRef(function LoadedAntdComponent(props, ref) {
    return createElement(partOf(use(loadedModule()), path), { ...props, ref });
  });
  return forwardRef(function LaterAntdComponent(props, ref) {
    return createElement(Suspense, { fallback: null }, createElement(Loaded, { ...props, ref }));
  });
}

/**
 * An antd component that downloads the first time it renders, with the static parts the portal uses:
 * `components` (Form.Item, List.Item.Meta) render the same way; `hooks` (Form.useForm) suspend their
 * caller until the module is there (every page sits under a Suspense: the shell's routes, each
 * remote); `values` (Upload.LIST_IGNORE) are read from the loaded module, which whatever reads them
 * has rendered already.
 */
function later(load, { components = [], hooks = [], values = [] } = {}) {
  const loadedModule = laterModule(load);
  const root = laterComponent(loadedModule, '');
  for (const path of components) {
    const keys = path.split('.');
    const parent = keys.slice(0, -1).reduce((part, key) => part[key], root);
    parent[keys[keys.length - 1]] = laterComponent(loadedModule, path);
  }
  for (const name of hooks) root[name] = (...args) => use(loadedModule())[name](...args);
  for (const name of values) {
    Object.defineProperty(root, name, {
      get() {
        const module = loadedModule();
        if (module.status !== 'fulfilled') throw new Error(`antd: ${name} was read before its component rendered`);
        return module.value[name];
      },
    });
  }
  return root;
}

export const Alert = later(() => import('antd/es/alert/index.js'));
export const Checkbox = later(() => import('antd/es/checkbox/index.js'), { components: ['Group'] });
export const Collapse = later(() => import('antd/es/collapse/index.js'));
export const Descriptions = later(() => import('antd/es/descriptions/index.js'), { components: ['Item'] });
export const Drawer = later(() => import('antd/es/drawer/index.js'));
export const Form = later(() => import('antd/es/form/index.js'), { components: ['Item'], hooks: ['useForm', 'useWatch'] });
export const Image = later(() => import('antd/es/image/index.js'));
export const Input = later(() => import('antd/es/input/index.js'), { components: ['Password', 'Search', 'TextArea'] });
export const InputNumber = later(() => import('antd/es/input-number/index.js'));
export const List = later(() => import('antd/es/list/index.js'), { components: ['Item', 'Item.Meta'] });
export const Pagination = later(() => import('antd/es/pagination/index.js'));
export const Popconfirm = later(() => import('antd/es/popconfirm/index.js'));
export const Progress = later(() => import('antd/es/progress/index.js'));
export const Radio = later(() => import('antd/es/radio/index.js'), { components: ['Group'] });
export const Result = later(() => import('antd/es/result/index.js'));
export const Statistic = later(() => import('antd/es/statistic/index.js'));
export const Steps = later(() => import('antd/es/steps/index.js'));
export const Switch = later(() => import('antd/es/switch/index.js'));
export const Table = later(() => import('antd/es/table/index.js'));
export const Tabs = later(() => import('antd/es/tabs/index.js'));
export const Tag = later(() => import('antd/es/tag/index.js'));
export const Timeline = later(() => import('antd/es/timeline/index.js'));
export const Upload = later(() => import('antd/es/upload/index.js'), { components: ['Dragger'], values: ['LIST_IGNORE'] });
