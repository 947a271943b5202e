import assert from 'node:assert/strict';
import { historyItemText } from '../../../../src/host/chat/history-item';

describe('Chat History items', () => {
  const summary = { chatId: 'c', title: 'Rivers [draft]', createdAt: '2025-01-01T10:00:00.000Z', updatedMs: Date.parse('2025-01-02T10:00:00.000Z'), turns: 3, columns: 1 };

  it('show the model(s) and the first line beside the title; the tooltip has the rest, escaped', () => {
    const text = historyItemText({ ...summary, models: ['gemma', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'], firstLine: 'Why *do* rivers bend?' });
    assert.equal(text.label, 'Rivers [draft]');
    assert.equal(text.description, 'gemma, 9f86d081884c… · Why *do* rivers bend?');
    assert.match(text.tooltip, /^\*\*Rivers \\\[draft\\\]\*\*\n\ngemma, 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 · 3 turns\n\nWhy \\\*do\\\* rivers bend\?\n\nStarted /);
  });

  it("name the default model when none was chosen, and leave out an empty first line", () => {
    const text = historyItemText({ ...summary, models: [''], firstLine: '', turns: 1 });
    assert.equal(text.description, 'default model');
    assert.match(text.tooltip, /the deployment's default model · 1 turn\n\nStarted/);
  });
});
