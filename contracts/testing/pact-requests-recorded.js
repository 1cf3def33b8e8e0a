// Jest setup for every Pact consumer test (HTTP mock servers).
//
// Pact's Rust mock server answers a request first and records the match afterwards, from a
// separate task fed by a channel. On a busy 2-core CI machine a test could read the whole answer
// and return before that task ran, and Pact then reported "The following request was expected
// but not received" for a request it had answered (seen on the binary-download interactions,
// whose tests end right after the fetch). So once a test's body has finished, wait until the mock
// server says every expected request matched, up to a few seconds; a request really missing or
// mismatched still fails the test, only a little later.
const pactHttp = require('@pact-foundation/pact/src/v4/http');

const RECORDING_DEADLINE_MS = 5_000;
const POLL_EVERY_MS = 10;

async function untilMockServerRecorded(consumerPact, port) {
  const giveUpAt = Date.now() + RECORDING_DEADLINE_MS;
  while (!consumerPact.mockServerMatchedSuccessfully(port) && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

if (!pactHttp.executeTest.waitsForRecordedRequests) {
  const executeTest = pactHttp.executeTest;
  const executeTestOnceRecorded = (consumerPact, options, testFn, cleanupFn) =>
    executeTest(
      consumerPact,
      options,
      async (mockServer) => {
        const value = await testFn(mockServer);
        await untilMockServerRecorded(consumerPact, mockServer.port);
        return value;
      },
      cleanupFn,
    );
  executeTestOnceRecorded.waitsForRecordedRequests = true;
  pactHttp.executeTest = executeTestOnceRecorded;
}
