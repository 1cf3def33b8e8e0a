// One webpack + Module Federation setup for the shell and every remote, so the shared
// singletons, the TypeScript transpiler and the dev-server rules cannot drift apart.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// webpack's own minimizer package (a dependency of webpack 5.111), used with SWC.
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack/package.json'))] }));
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const webpack = require('webpack');
const zlib = require('node:zlib');
const { STYLE_FILE } = require('./antd-style-generators-loader');

const workspaceRoot = path.resolve(__dirname, '../..');
const shellRoot = path.resolve(__dirname, '..');
const shellPackage = require('../package.json');
const contractsPackage = require('../../contracts/package.json');

/** The gateway every dev server forwards `/api` to. */
const GATEWAY_URL = process.env.MASAR_GATEWAY_URL || 'http://localhost:8080';

/**
 * `import url from 'antd/dist/antd.css?url'`: antd's static stylesheet, trimmed to the component
 * families the portal can draw (antd-stylesheet-loader.js), emitted as a hashed file beside the chunks
 * (cached a year like them, compressed with them); the import is its address, which the page links.
 */
const ANTD_STYLESHEET = {
  test: /[\\/]antd[\\/]dist[\\/]antd\.css$/,
  resourceQuery: /^\?url$/,
  type: 'asset/resource',
  generator: { filename: '[name].[contenthash:10][ext]' },
  use: [path.join(__dirname, 'antd-stylesheet-loader.js')],
};

/**
 * antd's style files in a production build: their style generators (never run over the static
 * stylesheet) move to one lazily loaded chunk, the component tokens stay (antd-style-generators-loader.js).
 * Development keeps antd untransformed, and so does the script embed (its runtime styles need them all).
 */
const ANTD_STYLE_GENERATORS = {
  test: STYLE_FILE,
  use: [path.join(__dirname, 'antd-style-generators-loader.js')],
};

/** Dev-server ports; the shell's own dev server points its app-config at these. */
const DEV_PORTS = { shell: 4200, mf_jobroles: 4201, mf_courses: 4202, mf_progress: 4203, mf_agents: 4204 };

/** Remote container name -> folder name, which is also its path under `/remotes/` in production. */
const REMOTE_FOLDERS = {
  mf_courses: 'mf-courses',
  mf_jobroles: 'mf-jobroles',
  mf_progress: 'mf-progress',
  mf_agents: 'mf-agents',
};

/**
 * Whatever must exist once in the page. Two Reacts break hooks, two routers lose the
 * location, two i18next instances or stores diverge, and two antd copies would not see
 * the shell's ConfigProvider (direction, locale, theme). zod holds no state, but each remote
 * would otherwise download its own copy (and the CSP switch of zod-used.mjs).
 *
 * `@masar/contracts` is deliberately NOT shared either: it holds no state, and shared it came whole
 * (every domain's schemas, ~30 KB compressed) to the first page. Each bundle takes from it only the
 * files it imports (CONTRACTS_WITHOUT_SIDE_EFFECTS), a few small ones twice at most.
 *
 * `@ant-design/icons` is deliberately NOT shared: shared, it ships all of its ~800 icons
 * (185 KB gzip) to the first page, while each bundle needs a handful. Icons hold no state
 * a remote must see (antd keeps its own icon context inside the shared antd).
 */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'i18next',
  'react-i18next',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  'react-redux',
  'antd',
  'zod',
];

/**
 * What a shared package provides, when not the package's own entry: antd is provided as the
 * components the portal uses (antd-used.mjs), react-router-dom as the router parts it uses
 * (router-used.mjs), zod as the functions it uses through zod-used.mjs (its alias).
 */
const SHARED_IMPORTS = {
  antd: path.join(__dirname, 'antd-used.mjs'),
  // react-router itself is no longer shared: nothing imports it but router-used.mjs.
  'react-router-dom': path.join(__dirname, 'router-used.mjs'),
};

/**
 * Source aliases: TypeScript sources are compiled in place, so no build order matters. zod goes
 * through zod-used.mjs, which provides only the functions the portal calls and turns off zod's
 * `new Function` compiler (the Content-Security-Policy forbids eval); that module reaches the real
 * package by its file path.
 */
const SOURCE_ALIASES = {
  '@masar/contracts$': path.join(workspaceRoot, 'contracts/src/index.ts'),
  '@masar/shell/runtime$': path.join(shellRoot, 'src/runtime/index.ts'),
  zod$: path.join(__dirname, 'zod-used.mjs'),
  'masar-original-zod$': path.join(path.dirname(require.resolve('zod/package.json', { paths: [shellRoot] })), 'index.js'),
};

function packageVersion(name) {
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  return require(require.resolve(`${packageName}/package.json`, { paths: [shellRoot] })).version;
}

function sharedModules() {
  const shared = {};
  for (const name of SINGLETON_PACKAGES) {
    const version = packageVersion(name);
    shared[name] = { singleton: true, version, requiredVersion: `^${version}`, ...(SHARED_IMPORTS[name] ? { import: SHARED_IMPORTS[name] } : {}) };
  }
  // The shell's runtime: the ONE store, base API, i18next instance and toast helper.
  // Remotes carry a fallback copy only so they can run alone (`nx serve mf-<name>`).
  shared['@masar/shell/runtime'] = {
    singleton: true,
    import: '@masar/shell/runtime',
    version: shellPackage.version,
    requiredVersion: `^${shellPackage.version}`,
  };
  return shared;
}

/**
 * The versions this build was made with, of everything a remote relies on the shell for: the shared
 * singletons, the shell's runtime and the contracts (not shared, but remotes and shell exchange their
 * shapes). The shell states what it provides; a remote declares the range it needs (masar-remote.json).
 */
function runtimeVersions() {
  const versions = Object.fromEntries(SINGLETON_PACKAGES.map((name) => [name, packageVersion(name)]));
  versions['@masar/shell/runtime'] = shellPackage.version;
  versions['@masar/contracts'] = contractsPackage.version;
  return versions;
}

/** The file beside a remote's mf-manifest.json that the shell reads before loading it. */
const REMOTE_DECLARATION_FILE = 'masar-remote.json';

/**
 * Writes masar-remote.json: the remote's name and version and, for each package it takes from the
 * shell, the range it was built against (a caret range: 0.x allows patches only, as semver means it).
 */
class RemoteDeclarationPlugin {
  constructor(name, version) {
    this.declaration = {
      name,
      version,
      requires: Object.fromEntries(Object.entries(runtimeVersions()).map(([dependency, built]) => [dependency, `^${built}`])),
    };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemoteDeclarationPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemoteDeclarationPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(REMOTE_DECLARATION_FILE, new compiler.webpack.sources.RawSource(`${JSON.stringify(this.declaration, null, 2)}\n`));
      });
    });
  }
}

/**
 * The contracts' files only declare schemas, types and constants: importing one for nothing does
 * nothing, so webpack may leave out every file of the index that a bundle does not use.
 */
const CONTRACTS_WITHOUT_SIDE_EFFECTS = { test: /\.ts$/, include: path.join(workspaceRoot, 'contracts/src'), sideEffects: false };

function swcRule(isDevelopment) {
  return {
    test: /\.(ts|tsx)$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDevelopment } },
          target: 'es2020',
        },
      },
    },
  };
}

function gatewayProxy() {
  return [
    {
      context: ['/api'],
      target: GATEWAY_URL,
      changeOrigin: true,
      // The gateway refuses state-changing calls from a foreign Origin (CSRF); in
      // development the dev server is that origin's stand-in.
      onProxyReq: (proxyRequest) => {
        if (proxyRequest.getHeader('origin')) proxyRequest.setHeader('origin', GATEWAY_URL);
      },
    },
  ];
}

/**
 * @param {object} options
 * @param {string} options.projectRoot  absolute folder of the project
 * @param {'shell'|'mf_courses'|'mf_jobroles'|'mf_progress'|'mf_agents'} options.name  container name
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {string} options.mode  'production' or 'development'
 */
function createWebpackConfig({ projectRoot, name, exposes, mode }) {
  const isDevelopment = mode !== 'production';
  const isHost = name === 'shell';
  const port = DEV_PORTS[name];
  const version = require(path.join(projectRoot, 'package.json')).version;

  const federation = new ModuleFederationPlugin({
    name,
    ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
    shared: sharedModules(),
    // Prefer what is already loaded (the shell's copies) instead of asking every
    // registered remote for its versions before the first render.
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: isHost ? false : { fileName: 'mf-manifest.json' },
    // The federation runtime once per page: the shell provides it, and a production remote (only
    // ever loaded by the shell) uses that one instead of carrying its own ~20 KB copy in
    // remoteEntry.js. A remote served alone in development keeps its own.
    experiments: isHost ? { provideExternalRuntime: true } : isDevelopment ? {} : { externalRuntime: true },
  });

  const devServer = {
    port,
    host: 'localhost',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
    proxy: gatewayProxy(),
    client: { overlay: { errors: true, warnings: false } },
  };
  if (isHost) {
    // Alone, the shell reads the remotes from their own dev servers.
    const devRemotes = Object.fromEntries(
      Object.keys(REMOTE_FOLDERS).map((remote) => [remote, `http://localhost:${DEV_PORTS[remote]}/mf-manifest.json`]),
    );
    devServer.setupMiddlewares = (middlewares, server) => {
      server.app.get('/app-config.json', (_request, response) => response.json({ remotes: devRemotes }));
      return middlewares;
    };
  }

  return {
    mode: isDevelopment ? 'development' : 'production',
    context: projectRoot,
    // A remote's own page (src/index.ts) exists only to develop it alone; in production the
    // container entry (remoteEntry.js) is all the portal loads.
    entry: isHost || isDevelopment ? { main: './src/index.ts' } : {},
    devtool: isDevelopment ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      // A remote's build goes to dist/<version>/ (its package.json version), so builds of earlier
      // versions stay beside it, servable at /remotes/<folder>/<version>/; `clean` empties only this version's folder.
      path: isHost ? path.join(projectRoot, 'dist') : path.join(projectRoot, 'dist', version),
      // The shell is served at `/`; a remote only knows its folder once loaded.
      publicPath: isHost ? '/' : 'auto',
      // Entry files keep plain names: webpack 5.111 cannot hash them while Module Federation
      // computes its runtime (module-federation/core#5077). index.html busts the cache instead.
      filename: '[name].js',
      chunkFilename: isDevelopment ? '[name].js' : '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: SOURCE_ALIASES,
    },
    module: { rules: [swcRule(isDevelopment), CONTRACTS_WITHOUT_SIDE_EFFECTS, ANTD_STYLESHEET, ...(isDevelopment ? [] : [ANTD_STYLE_GENERATORS])] },
    plugins: [
      federation,
      // What the shell provides (checked against each remote's masar-remote.json before it loads one).
      ...(isHost ? [new webpack.DefinePlugin({ __MASAR_SHELL_PROVIDES__: JSON.stringify(runtimeVersions()) })] : [new RemoteDeclarationPlugin(name, version)]),
      // Remotes get a page of their own only for working alone on them.
      ...(isHost || isDevelopment
        ? [
            new HtmlWebpackPlugin({
              template: path.join(projectRoot, 'src/index.html'),
              chunks: ['main'],
              publicPath: '/',
              hash: !isDevelopment,
            }),
          ]
        : []),
      // Compressed once at build time (brotli and gzip) so the gateway serves them without spending
      // CPU per request; mf-manifest.json stays plain because the federation runtime reads it often.
      ...(isDevelopment
        ? []
        : [
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: /\.(js|css|html|svg)$/,
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // SWC's minifier: several times faster than terser on two cores, same output size.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: true, mangle: true } })],
    },
    // Page weights are measured from the browser's network log (e2e/page-weight, npm run bench:web);
    // webpack's 244 KB per-asset hint is noise beside them.
    performance: { hints: false },
    devServer,
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

module.exports = { createWebpackConfig, ANTD_STYLE_GENERATORS, DEV_PORTS, REMOTE_FOLDERS, SINGLETON_PACKAGES, GATEWAY_URL, REMOTE_DECLARATION_FILE, runtimeVersions };
