// The antd that the portal shares as its one singleton (Module Federation key `antd`): exactly the
// components the shell and the remotes import, each from its own module, so webpack leaves out the
// rest of antd (date pickers, trees, carousels...). Shared whole, antd cost every first page about
// 350 KB of compressed JavaScript; a shared module is never tree-shaken, so this file is the shaking.
// One module for all of them keeps antd one ConfigProvider, one theme and one direction.
// shell/webpack/shared-used.spec.ts fails when a source imports a name that is missing here.
import { createElement, forwardRef, lazy, Suspense } from 'react';

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
export { default as Drawer } from 'antd/es/drawer/index.js';
export { default as Dropdown } from 'antd/es/dropdown/index.js';
export { default as Empty } from 'antd/es/empty/index.js';
export { default as Flex } from 'antd/es/flex/index.js';
export { default as Form } from 'antd/es/form/index.js';
export { default as Grid } from 'antd/es/grid/index.js';
export { default as Input } from 'antd/es/input/index.js';
export { default as InputNumber } from 'antd/es/input-number/index.js';
export { default as Layout } from 'antd/es/layout/index.js';
export { default as List } from 'antd/es/list/index.js';
export { default as Menu } from 'antd/es/menu/index.js';
export { default as Modal } from 'antd/es/modal/index.js';
export { default as Pagination } from 'antd/es/pagination/index.js';
export { default as Popconfirm } from 'antd/es/popconfirm/index.js';
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
export { default as Upload } from 'antd/es/upload/index.js';
export { default as theme } from 'antd/es/theme/index.js';

// The large components no first page shows and that stand where the page waits for its data anyway
// (a table of rows, a path's timeline, an illustration), without static parts such as
// `Descriptions.Item`: each downloads the first time it renders, so the home page does not carry
// them (the table alone, with its filter tree, is ~39 KB). Until then the spot is empty (its own
// Suspense). Anything in a page's first view (statistics, collapses, buttons in confirmations, tabs
// in a dialog) stays eager: arriving late, it would shift the page under the reader.
function later(load) {
  const Component = lazy(() => load().then((module) => ({ default: module.default })));
  return forwardRef(function LaterAntdComponent(props, ref) {
    return createElement(Suspense, { fallback: null }, createElement(Component, { ...props, ref }));
  });
}

export const Image = later(() => import('antd/es/image/index.js'));
export const Table = later(() => import('antd/es/table/index.js'));
export const Timeline = later(() => import('antd/es/timeline/index.js'));
