/**
 * antd's style generators, downloaded only when antd must write its styles at run time (the static
 * stylesheet did not load). In the portal's production build, webpack/antd-style-generators-loader.js
 * gives each antd style file stand-ins from `lazyStyleGenerators` in place of its style functions; the
 * real ones sit in one lazily loaded chunk. Over the sheet (`zeroRuntime`) antd never calls them. In
 * development, in the script embed and in unit tests antd is untransformed: nothing registers here and
 * `loadAntdStyleGenerators()` has nothing to do.
 */

/** A style function as antd calls it: (the component's merged token, its class names) -> CSS objects. */
type StyleFunction = (token: unknown, info: unknown) => unknown;

interface StyleFile {
  /** The file under antd/es, for the message when a generator is called unloaded. */
  name: string;
  /** Downloads the generators' chunk (the same chunk for every file) and evaluates this file's part. */
  load: () => Promise<{ __masarStyleGenerators: StyleFunction[] }>;
  /** This file's generators, without waiting, when the chunk is already on the page. */
  loadedNow: () => { __masarStyleGenerators: StyleFunction[] } | undefined;
  generators?: StyleFunction[];
}

const styleFiles: StyleFile[] = [];
/** Set once the page asked for the generators: files evaluated later load theirs straight away. */
let requested: Promise<void> | undefined;

function loadFile(file: StyleFile): Promise<void> {
  return file.load().then((module) => {
    file.generators = module.__masarStyleGenerators;
  });
}

/**
 * Called by each transformed style file as it is evaluated; returns the stand-in for its style
 * function number `index` (in source order).
 */
export function lazyStyleGenerators(name: string, load: StyleFile['load'], loadedNow: StyleFile['loadedNow']): (index: number) => StyleFunction {
  const file: StyleFile = { name, load, loadedNow };
  styleFiles.push(file);
  if (requested) void loadFile(file);
  return (index) => (token, info) => {
    file.generators ??= file.loadedNow()?.__masarStyleGenerators;
    const generator = file.generators?.[index];
    if (generator) return generator(token, info);
    // Only reached when antd writes runtime styles without loadAntdStyleGenerators() awaited first:
    // the component then draws unstyled rather than breaking the page.
    console.error(`antd's style generators of ${name} were not loaded before antd needed them`);
    return [];
  };
}

/**
 * Downloads antd's style generators (one chunk) before antd writes its styles at run time: awaited
 * before the first render when the static stylesheet could not load.
 */
export function loadAntdStyleGenerators(): Promise<void> {
  requested ??= Promise.all(styleFiles.map(loadFile)).then(() => undefined);
  return requested;
}
