// masar.js, the script embed (issue 18): ONE self-contained file with its own React, antd, store and
// i18next. Unlike the portal it is no Module Federation container or consumer: in another site's
// page it must not join (or offer) a shared-dependency scope, whatever that page runs.
const path = require('node:path');
const webpack = require('webpack');
const { ANTD_STYLE_GENERATORS, createWebpackConfig } = require('./create-webpack-config');

const shellRoot = path.resolve(__dirname, '..');

module.exports = (_env, argv) => {
  const portal = createWebpackConfig({ projectRoot: shellRoot, name: 'shell', mode: argv.mode });
  const isDevelopment = argv.mode !== 'production';
  return {
    ...portal,
    entry: { masar: './src/features/embed/script/masar-script.ts' },
    devtool: isDevelopment ? 'eval-cheap-module-source-map' : false,
    output: {
      path: path.join(shellRoot, 'dist/embed'),
      // Chunks (each module, antd's later components) load from beside masar.js, on Masar's origin.
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: isDevelopment ? '[name].js' : '[name].[contenthash:10].js',
      // The portal's build writes dist/ first; this one adds dist/embed/ beside it.
      clean: false,
      // No global name a host page could collide with.
      chunkLoadingGlobal: 'masarEmbedChunks',
      uniqueName: 'masar-embed',
    },
    resolve: {
      ...portal.resolve,
      alias: {
        ...portal.resolve.alias,
        // The same antd surface as the portal's shared antd (and its lazily loaded components).
        antd$: path.join(__dirname, 'antd-used.mjs'),
        'masar-workspace': path.resolve(shellRoot, '..'),
      },
    },
    // antd writes its styles into each shadow root at run time, so its style generators stay in.
    module: { ...portal.module, rules: portal.module.rules.filter((rule) => rule !== ANTD_STYLE_GENERATORS) },
    plugins: [
      // The modules come from the remotes' sources, bundled in, instead of the federation runtime.
      new webpack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]remote-registry(\.ts)?$/, path.join(__dirname, 'embed-bundled-remotes.mjs')),
      ...portal.plugins.filter((plugin) => plugin.constructor.name === 'CompressionPlugin'),
    ],
    devServer: undefined,
  };
};
