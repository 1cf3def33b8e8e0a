// An OpenAI-compatible chat completions server on loopback for the fault drill: it answers every
// request with an empty skill list, or, while `hang()` is on, holds requests until `release()`.
'use strict';
const http = require('node:http');

function chatCompletion(content) {
  return {
    id: 'chatcmpl-fault-drill',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'fault-drill-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

async function startFakeModel() {
  let hanging = false;
  const held = [];
  let requests = 0;
  const answer = (response) => {
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(chatCompletion('{"skills": []}')));
  };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      if (hanging) held.push(response);
      else answer(response);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    requests: () => requests,
    held: () => held.length,
    hang() { hanging = true; },
    release() {
      hanging = false;
      for (const response of held.splice(0)) answer(response);
    },
    async stop() {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

module.exports = { startFakeModel };
