// The antd that the portal shares as its one singleton (Module Federation key `antd`): exactly the
// components the shell and the remotes import, each from its own module, so webpack leaves out the
// rest of antd (date pickers, trees, carousels...). Shared whole, antd cost every first page about
// 350 KB of compressed JavaScript; a shared module is never tree-shaken, so this file is the shaking.
// One module for all of them keeps antd one ConfigProvider, one theme and one direction.
// shell/webpack/shared-used.spec.ts fails when a source imports a name that is missing here.
import { createElement, forwardRef, lazy, Suspense, useState } from 'react';
import { useForm, useWatch } from 'antd/es/form/Form.js';

export { default as Alert } from 'antd/es/alert/index.js';
export { default as App } from 'antd/es/app/index.js';
export { default as Avatar } from 'antd/es/avatar/index.js';
export { default as Button } from 'antd/es/button/index.js';
export { default as Card } from 'antd/es/card/index.js';
export { default as Checkbox } from 'antd/es/checkbox/index.js';
export { default as Col } from 'antd/es/col/index.js';
export { default as Collapse } from 'antd/es/collapse/index.js';
export { default as ConfigProvider } from 'antd/es/config-provider/index.js';
export { default as Descriptions } from 'antd/es/descriptions/index.js';
export { default as Divider } from 'antd/es/divider/index.js';
export { default as Dropdown } from 'antd/es/dropdown/index.js';
export { default as Empty } from 'antd/es/empty/index.js';
export { default as Flex } from 'antd/es/flex/index.js';
export { default as Grid } from 'antd/es/grid/index.js';
export { default as Layout } from 'antd/es/layout/index.js';
export { default as List } from 'antd/es/list/index.js';
export { default as Menu } from 'antd/es/menu/index.js';
export { default as Modal } from 'antd/es/modal/index.js';
export { default as Progress } from 'antd/es/progress/index.js';
export { default as Radio } from 'antd/es/radio/index.js';
export { default as Result } from 'antd/es/result/index.js';
export { default as Row } from 'antd/es/row/index.js';
export { default as Segmented } from 'antd/es/segmented/index.js';
export { default as Select } from 'antd/es/select/index.js';
export { default as Skeleton } from 'antd/es/skeleton/index.js';
export { default as Space } from 'antd/es/space/index.js';
export { default as Spin } from 'antd/es/spin/index.js';
export { default as Statistic } from 'antd/es/statistic/index.js';
export { default as Steps } from 'antd/es/steps/index.js';
export { default as Switch } from 'antd/es/switch/index.js';
export { default as Tabs } from 'antd/es/tabs/index.js';
export { default as Tag } from 'antd/es/tag/index.js';
export { default as Tooltip } from 'antd/es/tooltip/index.js';
export { default as Typography } from 'antd/es/typography/index.js';
export { default as theme } from 'antd/es/theme/index.js';

// What the home page does not show before the reader acts: forms and inputs (its dialogs, other pages),
// uploads, pagers, number inputs, confirmations, the drawer, tables... so home does not carry them (about
// 30 KB compressed, besides the table's ~39 KB). Result panels, lists, radios, checkboxes, collapses stay
// eager: preloading them too made a page after home pass its 120 KB. Every other page (a remote's page, the
// shell's own) awaits `preloadPageComponents()` before its first render, so on those pages nothing arrives
// late; on home (its dialogs) a component downloads the first time it renders and its spot
// is empty until then (its own Suspense). `whenRendered`: not even pages
// preload it (the table, the timeline, the image: each below data a page waits for anyway).
//
// `parts` are the static components a source uses (`Form.Item`, `Input.TextArea`), wrapped the same way;
// `hooks` are taken eagerly from their own, small modules, because a hook cannot wait (`Form.useForm`);
// `values` are read from the component once it is there (`Upload.LIST_IGNORE`, only ever read by
// an Upload's own callback, so after it has downloaded). `untilOpen`: a closed panel (the profile drawer
// on every page) downloads when it first opens, not when it first renders, and no page preloads it.
// shell/webpack/shared-used.spec.ts fails when a source uses a static part not listed here.
const pagePreloads = [];

function later(load, { parts = [], hooks = {}, values = [], untilOpen = false, whenRendered = false } = {}) {
  const state = { loaded: undefined };
  const component = () =>
    load().then((module) => {
      state.loaded = module.default;
      return state.loaded;
    });
  // A closed panel is in no page's first view either.
  if (!whenRendered && !untilOpen) pagePreloads.push(component);
  const Later = untilOpen ? openedOnce(laterPart(component, state, (whole) => whole)) : laterPart(component, state, (whole) => whole);
  for (const part of parts) {
    const path = part.split('.');
    const owner = path.slice(0, -1).reduce((parent, name) => parent[name], Later);
    owner[path[path.length - 1]] = laterPart(component, state, (whole) => path.reduce((parent, name) => parent[name], whole));
  }
  Object.assign(Later, hooks);
  for (const value of values) Object.defineProperty(Later, value, { get: () => state.loaded?.[value] });
  return Later;
}

function laterPart(component, state, pick) {
  const Component = lazy(() => component().then((whole) => ({ default: pick(whole) })));
  return forwardRef(function LaterAntdComponent(props, ref) {
    // Already there when this instance first rendered (preloaded): drawn at once, with its siblings. An
    // instance keeps the way it started, so it never remounts (a form would lose what was typed).
    const [atOnce] = useState(() => state.loaded !== undefined);
    if (atOnce) return createElement(pick(state.loaded), { ...props, ref });
    return createElement(Suspense, { fallback: null }, createElement(Component, { ...props, ref }));
  });
}

/** Downloads every `later` component but the `whenRendered` ones; a page awaits it before it first renders. */
export function preloadPageComponents() {
  return Promise.all(pagePreloads.map((component) => component())).then(() => undefined);
}

/** Renders nothing (and downloads nothing) until its `open` prop has been true once. */
function openedOnce(Component) {
  return forwardRef(function OpenedOnceAntdComponent(props, ref) {
    const [opened, setOpened] = useState(Boolean(props.open));
    if (props.open && !opened) setOpened(true);
    return opened || props.open ? createElement(Component, { ...props, ref }) : null;
  });
}

export const Drawer = later(() => import('antd/es/drawer/index.js'), { untilOpen: true });
export const Form = later(() => import('antd/es/form/index.js'), { parts: ['Item', 'List'], hooks: { useForm, useWatch } });
export const Image = later(() => import('antd/es/image/index.js'), { whenRendered: true });
export const Input = later(() => import('antd/es/input/index.js'), { parts: ['TextArea', 'Password', 'Search'] });
export const InputNumber = later(() => import('antd/es/input-number/index.js'));
export const Pagination = later(() => import('antd/es/pagination/index.js'));
export const Popconfirm = later(() => import('antd/es/popconfirm/index.js'));
export const Table = later(() => import('antd/es/table/index.js'), { whenRendered: true });
export const Timeline = later(() => import('antd/es/timeline/index.js'), { whenRendered: true });
export const Upload = later(() => import('antd/es/upload/index.js'), { parts: ['Dragger'], values: ['LIST_IGNORE'] });
