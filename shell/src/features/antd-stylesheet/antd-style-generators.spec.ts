type Registry = typeof import('./antd-style-generators');

/** A fresh registry per test: it is module state, as on the page. */
function freshRegistry(): Registry {
  let registry: Registry | undefined;
  jest.isolateModules(() => {
    registry = jest.requireActual<Registry>('./antd-style-generators');
  });
  if (!registry) throw new Error('the registry did not load');
  return registry;
}

/** A style file's lazily loaded half: its generators, and whether its chunk is on the page yet. */
function styleFile(generators: ((token: unknown) => unknown)[]) {
  const file = { onPage: false, loads: 0 };
  const module = { __masarStyleGenerators: generators };
  return {
    file,
    load: async () => {
      file.loads += 1;
      file.onPage = true;
      return module;
    },
    loadedNow: () => (file.onPage ? module : undefined),
  };
}

describe('antd style generators loaded only when antd writes its styles at run time', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a stand-in calls its style function once the generators are loaded, and nothing downloads before', async () => {
    const { lazyStyleGenerators, loadAntdStyleGenerators } = freshRegistry();
    const button = styleFile([(token) => ({ '.ant-btn': token }), (token) => ({ '.ant-btn-compact': token })]);
    const standIn = lazyStyleGenerators('button/style/index.js', button.load, button.loadedNow);
    expect(button.file.loads).toBe(0);

    await loadAntdStyleGenerators();
    expect(button.file.loads).toBe(1);
    expect(standIn(0)('token', {})).toEqual({ '.ant-btn': 'token' });
    expect(standIn(1)('token', {})).toEqual({ '.ant-btn-compact': 'token' });
  });

  it('a style file evaluated after the request (a component loaded later) takes its generators without waiting', async () => {
    const { lazyStyleGenerators, loadAntdStyleGenerators } = freshRegistry();
    const first = styleFile([() => 'first']);
    lazyStyleGenerators('app/style/index.js', first.load, first.loadedNow);
    await loadAntdStyleGenerators();

    const later = styleFile([() => 'form styles']);
    // The chunk is already on the page: the stand-in answers at once, before the load's promise settles.
    later.file.onPage = true;
    const standIn = lazyStyleGenerators('form/style/index.js', later.load, later.loadedNow);
    expect(standIn(0)('token', {})).toBe('form styles');
    expect(later.file.loads).toBe(1);
  });

  it('asked twice, the generators download once', async () => {
    const { lazyStyleGenerators, loadAntdStyleGenerators } = freshRegistry();
    const tag = styleFile([() => 'tag']);
    lazyStyleGenerators('tag/style/index.js', tag.load, tag.loadedNow);
    await Promise.all([loadAntdStyleGenerators(), loadAntdStyleGenerators()]);
    expect(tag.file.loads).toBe(1);
  });

  it('called before they were loaded, a stand-in says which file was missing and draws nothing', () => {
    const { lazyStyleGenerators } = freshRegistry();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const card = styleFile([() => 'card']);
    const standIn = lazyStyleGenerators('card/style/index.js', card.load, card.loadedNow);
    expect(standIn(0)('token', {})).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('card/style/index.js'));
  });
});
