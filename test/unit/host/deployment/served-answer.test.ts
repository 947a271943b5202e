// A picked adaptor /v1/models does not list yet: asked until it answers, is refused, or the wait ends (each ask
// after the first fetches the one probe, adaptor-probe.ts), and the words for one that does not answer.

import * as assert from 'node:assert/strict';
import type { AdaptorAnswer, TrainingClient } from '../../../../src/core/training';
import { askServed, notServedYetWords } from '../../../../src/host/deployment/served-answer';

/** A deployment that gives these answers in turn, then the last one again; counts the asks. */
function answering(answers: AdaptorAnswer[]): { training: TrainingClient; asks: () => number } {
  let asks = 0;
  const training = { adaptorAnswer: async () => answers[Math.min(asks++, answers.length - 1)] } as unknown as TrainingClient;
  return { training, asks: () => asks };
}

describe('served answer', () => {
  it('asks again while the probe is queued, and stops at an answer or a refusal', async () => {
    const queued: AdaptorAnswer = { state: 'waiting', requestId: 'g_1' as never };
    const served = answering([queued, queued, { state: 'answers' }]);
    assert.deepEqual(await askServed(served.training, 'h', new AbortController().signal), { state: 'answers' });
    assert.equal(served.asks(), 3);

    const refusal: AdaptorAnswer = { state: 'refused', error: 'The model `h` does not exist.', requestId: 'g_1' as never };
    const refused = answering([refusal]);
    assert.deepEqual(await askServed(refused.training, 'h', new AbortController().signal), refusal);
    assert.equal(refused.asks(), 1);

    const unknown = answering([{ state: 'waiting' }]);
    assert.deepEqual(await askServed(unknown.training, 'h', new AbortController().signal), { state: 'waiting' }, 'nothing queued: nothing to fetch');
    assert.equal(unknown.asks(), 1);
  });

  it('gives the last answer when the wait ends', async () => {
    const controller = new AbortController();
    const queued: AdaptorAnswer = { state: 'waiting', requestId: 'g_1' as never };
    const training = { adaptorAnswer: async () => { controller.abort(); return queued; } } as unknown as TrainingClient;
    assert.deepEqual(await askServed(training, 'h', controller.signal), queued);
  });

  it('says plainly what is not served, why, and that requests naming it fail', () => {
    const refused = notServedYetWords('adaptor 1a2b3c4d', { state: 'refused', error: 'x'.repeat(500), requestId: 'g_7' as never });
    assert.match(refused, /^adaptor 1a2b3c4d is not served: its training is complete, but this deployment has not loaded it \(its one probe request, g_7, answered "x{200}…"\)\. Requests naming it fail/);
    assert.equal(
      notServedYetWords('adaptor 1a2b3c4d', { state: 'waiting', requestId: 'g_7' as never }),
      'adaptor 1a2b3c4d is not served yet: its training is complete, but its one probe request (g_7) is still queued on the deployment; it was not sent again. Requests naming it fail until it is served (usually within a minute or two).',
    );
    assert.match(notServedYetWords('adaptor 1a2b3c4d', { state: 'waiting' }), /but the deployment does not know the model yet\./);
  });
});
