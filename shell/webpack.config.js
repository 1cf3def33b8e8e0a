const { createWebpackConfig } = require('./webpack/create-webpack-config');

module.exports = (_env, argv) => createWebpackConfig({ projectRoot: __dirname, name: 'shell', mode: argv.mode });
