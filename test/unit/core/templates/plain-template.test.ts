import * as assert from 'node:assert/strict';
import { compileTemplate, plainTemplate, renderTemplate } from '../../../../src/core/templates';
import { templateError, trusted } from './helpers';

describe('plainTemplate', () => {
  it('renders .txt, .md and inline templates to one text, with Jinja2 semantics by default', () => {
    assert.deepEqual(renderTemplate(plainTemplate('\uFEFFWrite about {{ topic | lower }}.\r\n', 'prompts/ask.txt'), { topic: 'CATS' }, trusted), {
      kind: 'text',
      text: 'Write about cats.',
    });
  });

  it('keeps role-marker lines as text: a plain prompt is sent as it is written', () => {
    const template = plainTemplate('User: hi\nuser:\nQ: {{ q }}\nassistant:\nA:', 'few-shot.md');
    assert.deepEqual(renderTemplate(template, { q: 'why?' }, trusted), { kind: 'text', text: 'User: hi\nuser:\nQ: why?\nassistant:\nA:' });
  });

  it('numbers problems from the line the template starts on in its file', () => {
    const template = plainTemplate('Summarise:\n{{ documnet }}', 'promptfooconfig.yaml', 'jinja2', 12);
    assert.equal(templateError(() => renderTemplate(template, { document: 'x' }, trusted)).message, 'promptfooconfig.yaml:13:4: `documnet` is not defined; defined: document');
  });

  it('compiles once: the same object renders every cell', () => {
    const template = plainTemplate('{{ n }}', 'inline');
    const compiled = compileTemplate(template);
    assert.equal(compileTemplate(template), compiled);
    assert.deepEqual([1, 2, 3].map((n) => compiled.render({ n }, trusted)), [1, 2, 3].map((n) => ({ kind: 'text', text: String(n) })));
  });
});
