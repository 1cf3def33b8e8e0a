const { createWebpackConfig } = require('@masar/shell/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig({
    projectRoot: __dirname,
    name: 'mf_jobroles',
    mode: argv.mode,
    exposes: {
      './JobRolesPage': './src/exposes/JobRolesPage.ts',
      // The home page's flow from a role or a posting to reviewed skills, composed by the shell.
      './JobDescriptionWorkflow': './src/exposes/JobDescriptionWorkflow.ts',
    },
  });
