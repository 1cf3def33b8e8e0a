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
export { default as Progress } from 'antd/es/progress/index.js';
export { default as Row } from 'antd/es/row/index.js';
export { default as Segmented } from 'antd/es/segmented/index.js';
export { default as Select } from 'antd/es/select/index.js';
export { default as Skeleton } from 'antd/es/skeleton/index.js';
export { default as Space } from 'antd/es/space/index.js';
export { default as Spin } from 'antd/es/spin/index.js';
export { default as Statistic } from 'antd/es/statistic/index.js';
export { default as Steps } from 'antd/es/steps/index.js';
export { default as Tabs } from 'antd/es/tabs/index.js';
export { default as Tag } from 'antd/es/tag/index.js';
export { default as Tooltip } from 'antd/es/tooltip/index.js';
export { default as Typography } from 'antd/es/typography/index.js';
export { default as theme } from 'antd/es/theme/index.js';

// What no first page of the signed-in portal shows before the reader acts or the data arrives: forms and
// inputs (dialogs, other pages), result panels (errors, 404), lists, tables, uploads, pagers... Each downloads
// the first time it renders, so the home page does not carry them (about 70 KB compressed together; the
// table alone, with its filter tree, is ~39 KB). Until then the spot is empty (its own Suspense).
// Components in the home page's first view stay eager: arriving late, they would shift the page.
//
// `parts` are the static components a source uses (`Form.Item`, `List.Item.Meta`), wrapped the same way;
// `hooks` are taken eagerly from their own, small modules, because a hook cannot wait (`Form.useForm`);
// `values` are read from the component once it is there (`Upload.LIST_IGNORE`, only ever read by
// an Upload's own callback, so after it has downloaded). `untilOpen`: a closed panel (the profile drawer
// on every page) downloads when it first opens, not when it first renders.
// shell/webpack/shared-used.spec.ts fails when a source uses a static part not listed here.
function later(load, { parts = [], hooks = {}, values = [], untilOpen = false } = {}) {
  let loaded;
  const component = () =>
    load().then((module) => {
      loaded = module.default;
      return loaded;
    });
  const Later = untilOpen ? openedOnce(laterPart(component, (whole) => whole)) : laterPart(component, (whole) => whole);
  for (const part of parts) {
    const path = part.split('.');
    const owner = path.slice(0, -1).reduce((parent, name) => parent[name], Later);
    owner[path[path.length - 1]] = laterPart(component, (whole) => path.reduce((parent, name) => parent[name], whole));
  }
  Object.assign(Later, hooks);
  for (const value of values) Object.defineProperty(Later, value, { get: () => loaded?.[value] });
  return Later;
}

function laterPart(component, pick) {
  const Component = lazy(() => component().then((whole) => ({ default: pick(whole) })));
  return forwardRef(function LaterAntdComponent(props, ref) {
    return createElement(Suspense, { fallback: null }, createElement(Component, { ...props, ref }));
  });
}

/** Renders nothing (and downloads nothing) until its `open` prop has been true once. */
function openedOnce(Component) {
  return forwardRef(function OpenedOnceAntdComponent(props, ref) {
    const [opened, setOpened] = useState(Boolean(props.open));
    if (props.open && !opened) setOpened(true);
    return opened || props.open ? createElement(Component, { ...props, ref }) : null;
  });
}

export const Checkbox = later(() => import('antd/es/checkbox/index.js'), { parts: ['Group'] });
export const Collapse = later(() => import('antd/es/collapse/index.js'));
export const Descriptions = later(() => import('antd/es/descriptions/index.js'), { parts: ['Item'] });
export const Drawer = later(() => import('antd/es/drawer/index.js'), { untilOpen: true });
export const Form = later(() => import('antd/es/form/index.js'), { parts: ['Item', 'List'], hooks: { useForm, useWatch } });
export const Image = later(() => import('antd/es/image/index.js'));
export const Input = later(() => import('antd/es/input/index.js'), { parts: ['TextArea', 'Password', 'Search'] });
export const InputNumber = later(() => import('antd/es/input-number/index.js'));
export const List = later(() => import('antd/es/list/index.js'), { parts: ['Item', 'Item.Meta'] });
export const Pagination = later(() => import('antd/es/pagination/index.js'));
export const Popconfirm = later(() => import('antd/es/popconfirm/index.js'));
export const Radio = later(() => import('antd/es/radio/index.js'), { parts: ['Group', 'Button'] });
export const Result = later(() => import('antd/es/result/index.js'));
export const Switch = later(() => import('antd/es/switch/index.js'));
export const Table = later(() => import('antd/es/table/index.js'));
export const Timeline = later(() => import('antd/es/timeline/index.js'));
export const Upload = later(() => import('antd/es/upload/index.js'), { parts: ['Dragger'], values: ['LIST_IGNORE'] });
