import * as assert from 'node:assert/strict';
import { checkTemplate, parsePrompty, renderTemplate, type RenderedMessage } from '../../../../src/core/templates';
import { fixture, templateError, trusted } from './helpers';

function messagesOf(body: string, vars: Record<string, unknown> = {}, engine = 'jinja2'): RenderedMessage[] {
  const result = renderTemplate(parsePrompty(`---\ntemplate: ${engine}\n---\n${body}`, 'p.prompty'), vars, trusted);
  assert.equal(result.kind, 'messages');
  return result.messages;
}

describe('role markers', () => {
  it('split the body into messages; markers are case-insensitive, may be `# role:`, and may have spaces around', () => {
    assert.deepEqual(messagesOf('System:\nBe brief.\n  # user:  \nHi\nASSISTANT: \t\nHello\nuser:\nBye'), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Bye' },
    ]);
  });

  it('make a body with no marker one system message, as Prompty v1 and v2 do', () => {
    assert.deepEqual(messagesOf('\nTell me a joke.\n\nA short one.\n'), [{ role: 'system', content: 'Tell me a joke.\n\nA short one.' }]);
  });

  it('read Prompty 2 attributes: `name` goes to the message, any other attribute is refused at its line', () => {
    assert.deepEqual(messagesOf('system:\nBe kind.\nuser[name="Alice"]:\nHi\nassistant[name=bot]:\nHello'), [
      { role: 'system', content: 'Be kind.' },
      { role: 'user', name: 'Alice', content: 'Hi' },
      { role: 'assistant', name: 'bot', content: 'Hello' },
    ]);
    const error = templateError(() => messagesOf('system:\nBe kind.\nuser[mood="sad"]:\nHi'));
    assert.equal(error.message, 'p.prompty:6: the role marker attribute `mood` is not supported: only `name` (the message\'s name) is sent');
    assert.deepEqual(messagesOf('user:\nSee [the docs]:\nok'), [{ role: 'user', content: 'See [the docs]:\nok' }]);
    assert.equal(templateError(() => messagesOf('tools:\n- name: f\nuser:\nHi')).message, "p.prompty:4:1: unknown role marker 'tools:'; use system:, user: or assistant:");
  });

  it('make text before the first marker a system message, as Prompty does', () => {
    assert.deepEqual(messagesOf('You are terse.\nuser:\nHi'), [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('count only alone on their line: a role word inside a sentence or with text after the colon is text', () => {
    assert.deepEqual(messagesOf('user:\nThe user: a person.\nuser: hi\nAnswer:\nHuman:\nExample:'), [
      { role: 'user', content: 'The user: a person.\nuser: hi\nAnswer:\nHuman:\nExample:' },
    ]);
  });

  it('drop messages that render empty', () => {
    assert.deepEqual(messagesOf('system:\n{% if rules %}{{ rules }}{% endif %}\nuser:\nHi', { rules: '' }), [{ role: 'user', content: 'Hi' }]);
    const error = templateError(() => messagesOf('system:\n\nuser:\n{{ q }}', { q: ' ' }));
    assert.equal(error.message, 'p.prompty:4: the template renders to no message: every message is empty');
  });

  it('come from a loop over a conversation, as Prompty renders the whole body before splitting it', () => {
    const prompty = fixture('history.prompty');
    const history = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
    ];
    assert.deepEqual(renderTemplate(prompty, { history, question: 'What next?' }, trusted), {
      kind: 'messages',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'What next?' },
      ],
    });
  });

  it('are errors at their line when they name an unknown or unsupported role', () => {
    const prompty = parsePrompty('---\nname: x\n---\nsystem:\nBe brief.\n\nsytem:\nHi\n  # Tool:\nasistant:\nusr:', 'p.prompty');
    assert.deepEqual(
      checkTemplate(prompty).map((problem) => problem.message),
      [
        "p.prompty:7:1: unknown role marker 'sytem:'; use system:, user: or assistant:",
        "p.prompty:9:3: unknown role marker 'Tool:'; use system:, user: or assistant:",
        "p.prompty:10:1: unknown role marker 'asistant:'; use system:, user: or assistant:",
        "p.prompty:11:1: unknown role marker 'usr:'; use system:, user: or assistant:",
      ],
    );
    assert.equal(templateError(() => renderTemplate(prompty, {}, trusted)).message, "p.prompty:7:1: unknown role marker 'sytem:'; use system:, user: or assistant:");
  });

  it('are checked in mustache templates too', () => {
    const prompty = parsePrompty('---\ntemplate: mustache\n---\n{{#a}}\nfunction:\n{{/a}}', 'p.prompty');
    assert.deepEqual(checkTemplate(prompty).map((problem) => problem.message), ["p.prompty:5:1: unknown role marker 'function:'; use system:, user: or assistant:"]);
  });

  it('name the line of the value when a role that comes from a value is unknown', () => {
    const prompty = fixture('history.prompty');
    const error = templateError(() => renderTemplate(prompty, { history: [{ role: 'tool', content: 'x' }], question: 'q' }, trusted));
    assert.equal(error.message, "prompts/history.prompty:19: unknown role marker 'tool:'; use system:, user: or assistant: (the role comes from a value)");
  });

  it('are found at render time when tags piece the line together', () => {
    const error = templateError(() => messagesOf('user:\nHi\n{{ "sytem" }}:\nx'));
    assert.equal(error.message, "p.prompty:6: unknown role marker 'sytem:'; use system:, user: or assistant:");
  });

  it('split mustache output the same way', () => {
    assert.deepEqual(messagesOf('{{#turns}}\n{{role}}:\n{{text}}\n{{/turns}}', { turns: [{ role: 'user', text: 'a' }, { role: 'assistant', text: 'b' }] }, 'mustache'), [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
    ]);
  });
});
