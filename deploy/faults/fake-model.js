// An OpenAI-compatible chat completions server on loopback for the fault drills and the agent-task
// tests: it answers a skills request with an empty skill list, a lesson request with a short
// lesson drawn from the request's first source (quoting the first line of its instructions) after
// `delayMs` (a model takes time to write), and exercise feedback by describing the pictures it was
// shown (their type and decoded size, so a browser test sees what reached the model), or,
// while `hang()` is on, holds requests until `release()`.
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

function isLessonRequest(body) {
  return body?.response_format?.json_schema?.name === 'composed_lesson';
}

function firstSourceOf(body) {
  try {
    return JSON.parse(body.messages.find((message) => message.role === 'user').content).sources?.[0]?.content ?? '';
  } catch {
    return '';
  }
}

function parseJson(bytes) {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

/** What exercise feedback showed the model: each image part's type and decoded bytes, in order. */
function picturesShownIn(body) {
  const user = body.messages.find((message) => message.role === 'user');
  const parts = Array.isArray(user?.content) ? user.content : [];
  return parts
    .filter((part) => part.type === 'image_url')
    .map((part) => /^data:([^;]+);base64,(.*)$/.exec(part.image_url.url))
    .map((match) => (match ? `${match[1]} of ${Buffer.from(match[2], 'base64').length} bytes` : 'not a data URL'));
}

/** The answer to one request: a lesson or exercise feedback when asked for one, an empty skill list otherwise. */
function answerTo(body) {
  const system = body?.messages?.find((message) => message.role === 'system')?.content ?? '';
  if (body?.response_format?.json_schema?.name === 'exercise_feedback') {
    const pictures = picturesShownIn(body);
    return JSON.stringify({ feedback: `The test model was shown ${pictures.length} picture(s): ${pictures.join('; ') || 'none'}.`, covered: [], missing: [] });
  }
  if (!isLessonRequest(body)) return '{"skills": []}';
  const source = firstSourceOf(body);
  // The instructions' first line comes back in the lesson, so a test sees which prompt the model was given.
  const instruction = system.split('\n')[0].trim();
  return JSON.stringify({
    content: `Written by the test model from its source, following: "${instruction}". ${source}`.trim(),
    keyPoints: ['The source, restated'],
    activities: ['Apply the source at work'],
    usedSources: source ? [1] : [],
  });
}

async function startFakeModel({ delayMs = 0 } = {}) {
  let hanging = false;
  const held = [];
  let requests = 0;
  const answer = (response, content) => {
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(chatCompletion(content)));
  };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const body = parseJson(Buffer.concat(chunks));
      const content = answerTo(body);
      // Only writing a lesson takes the model time; health probes and skill lists answer at once.
      const delay = isLessonRequest(body) ? delayMs : 0;
      if (hanging) held.push({ response, content });
      else setTimeout(() => answer(response, content), delay);
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
      for (const { response, content } of held.splice(0)) answer(response, content);
    },
    async stop() {
      for (const { response } of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

module.exports = { startFakeModel };
