import * as assert from 'node:assert/strict';
import { renderChatTemplate, simulatedCompletion } from '../../../src/sim';
import { findMarkers } from '../../../src/sim/faults/markers';
import { generate } from '../../../src/sim/model/generator';

describe('sim: the deterministic model', () => {
  it('gives the same text for the same prompt, budget and seed, and other text otherwise', () => {
    const a = simulatedCompletion('Tell me a story', 32);
    assert.deepEqual(simulatedCompletion('Tell me a story', 32), a);
    assert.notEqual(simulatedCompletion('Tell me a story', 32, 1).text, a.text);
    assert.notEqual(simulatedCompletion('Tell me a tale', 32).text, a.text);
    assert.ok(a.tokens > 0 && a.tokens <= 32);
  });

  it('respects the token budget: a shorter budget is a prefix, and ends with finish_reason length', () => {
    const long = generate('budget', 1000);
    const short = generate('budget', 3);
    assert.equal(long.finishReason, 'stop');
    assert.equal(short.finishReason, 'length');
    assert.equal(short.completionTokens, 3);
    assert.ok(long.contentPieces.join('').startsWith(short.contentPieces.join('')));
    assert.deepEqual(simulatedCompletion('x', 0), { text: '', tokens: 0 });
  });

  it('adds reasoning for [[sim:reasoning]] and answers with a tool call for [[sim:tool-call]]', () => {
    const thinking = generate('[[sim:reasoning]] why?', 100);
    assert.ok(thinking.reasoningPieces.length > 0 && thinking.contentPieces.length > 0);
    const tools = [{ type: 'function', function: { name: 'add', parameters: { properties: { a: { type: 'integer' }, b: { type: 'integer' } } } } }];
    const call = generate('[[sim:tool-call]]', 100, 0, { tools });
    assert.equal(call.finishReason, 'tool_calls');
    assert.equal(call.toolCall?.name, 'add');
    const args = JSON.parse(call.toolCall?.argumentPieces.join('') ?? '') as Record<string, unknown>;
    assert.deepEqual(Object.keys(args), ['a', 'b']);
    assert.ok(Number.isInteger(args.a));
  });

  it('renders messages with a Gemma-like chat template', () => {
    const text = renderChatTemplate([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Bye' },
    ]);
    assert.equal(
      text,
      '<bos><start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\nHello<end_of_turn>\n<start_of_turn>user\nBye<end_of_turn>\n<start_of_turn>model\n',
    );
  });

  it('reads markers with and without arguments, an empty argument included', () => {
    assert.deepEqual(findMarkers('a [[sim:slow=250]] b [[sim:item-error=]] [[sim:never-finish]] [[not:this]]'), [
      { kind: 'slow', arg: '250' },
      { kind: 'item-error', arg: '' },
      { kind: 'never-finish', arg: undefined },
    ]);
  });
});
