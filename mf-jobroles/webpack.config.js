const { createWebpackConfig } = require('@masar/shell/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig({
    projectRoot: __dirname,
    name: 'mf_jobroles',
    mode: argv.mode,
    exposes: { './JobRolesPage': './src/exposes/JobRolesPage.ts' },
  });
