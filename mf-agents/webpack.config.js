const { createWebpackConfig } = require('@masar/shell/webpack');

module.exports = (_env, argv) =>
  createWebpackConfig({
    projectRoot: __dirname,
    name: 'mf_agents',
    mode: argv.mode,
    exposes: {
      './AgentsPage': './src/exposes/AgentsPage.ts',
      './QualityPage': './src/exposes/QualityPage.ts',
      './PromptsPage': './src/exposes/PromptsPage.ts',
      './GovernancePage': './src/exposes/GovernancePage.ts',
    },
  });
