// scalarlm-lab chat [FILE|-]: one conversation through /v1/chat/completions. Tokens go to stdout as they
// arrive; time to first token, tokens/s and usage go to stderr, so stdout stays the model's text.

import { readFileSync } from 'node:fs';
import { text as readAll } from 'node:stream/consumers';
import { parseChatDocument } from '../../core/prompts/chat-document';
import type { ChatMessage, ChatRequest } from '../../core/api/types';
import { answer, type Answer } from '../../core/chat/answer';
import { BATCH_DEFAULTS, CHAT_DEFAULTS } from '../../core/batch/limits';
import { deploymentDefaultModel } from '../../core/batch/deployment-model';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { timeoutMsOf, withClient } from '../connection';
import { formatDuration, json } from '../format';
import { EXIT, type CliIO } from '../io';

export const chatCommand: Command = {
  name: 'chat',
  summary:
    'Send one conversation to /v1/chat/completions and stream the answer to stdout; timings and usage go to stderr.\n' +
    'FILE: a .json/.jsonl holding messages, or text sent as one user message. Or give the text with --message.\n' +
    'With --json, stdout is the final record instead: text, tool calls, finish reason, usage and timings.',
  usage: '[FILE|-] [options]',
  options: {
    message: { type: 'string', short: 'm', valueName: 'TEXT', description: 'The user message (instead of FILE)' },
    model: { type: 'string', valueName: 'NAME', description: "Model or adaptor (default: the deployment's)" },
    'max-tokens': { type: 'string', valueName: 'N', description: `Tokens in the answer (default ${BATCH_DEFAULTS.maxTokens})` },
    temperature: { type: 'string', valueName: 'T', description: 'Sampling temperature (chat honours it)' },
    system: { type: 'string', valueName: 'TEXT', description: 'A system message put first' },
    'no-stream': { type: 'boolean', description: "Use the server's queue (non-streaming; heartbeats while waiting)" },
  },
  async run(args, io) {
    const request = await chatRequest(args, io);
    const asJson = args.values.json === true;
    const deadlineMs = timeoutMsOf(args) ?? CHAT_DEFAULTS.timeoutSeconds * 1000;
    const transport = args.values['no-stream'] ? 'queue' : 'stream';
    return withClient(args, io, async (client) => {
      let waiting = false;
      // The record names the model that answered: asked beside the chat, so the first token does not wait for it.
      const defaultModel = request.model ? undefined : deploymentDefaultModel(client, io.signal).catch(() => undefined);
      const reasoning = new ReasoningLines(io.stderr);
      const answered = await answer(client, request, request.model ?? '', { transport, signal: io.signal, deadlineMs }, {
        delta: (part) => {
          if (asJson) return;
          // The model's thinking goes to stderr, so stdout stays its answer.
          if (part.reasoning) reasoning.write(part.reasoning);
          if (part.content) {
            reasoning.end();
            io.stdout.write(part.content);
          }
        },
        changed: (state) => {
          if (!io.stderr.isTTY) return;
          if (state.heartbeats !== undefined && state.state === 'waiting') io.stderr.write(`\rwaiting in the queue: ${formatDuration(state.waitingMs ?? 0)}\x1b[K`);
          else if (state.retryAfterSeconds !== undefined) io.stderr.write(`\rthe deployment is over capacity: retrying in ${state.retryAfterSeconds} s\x1b[K`);
          else if (waiting) io.stderr.write('\r\x1b[K');
          waiting = state.state === 'waiting' && (state.heartbeats !== undefined || state.retryAfterSeconds !== undefined);
        },
      });
      if (waiting) io.stderr.write('\r\x1b[K');
      reasoning.end();
      const final = { ...answered, model: answered.model || ((await defaultModel) ?? '') };
      if (asJson) io.stdout.write(json(final));
      else {
        if (final.content) io.stdout.write('\n');
        for (const call of final.toolCalls) io.stdout.write(`tool call${call.id ? ` ${call.id}` : ''}: ${call.name ?? '(unnamed)'}(${call.arguments})\n`);
      }
      if (final.error) io.stderr.write(`${final.error}\n`);
      io.stderr.write(statsLine(final));
      return exitCodeOf(final);
    });
  },
};

function exitCodeOf(final: Answer): number {
  if (final.state === 'done') return EXIT.ok;
  if (final.state === 'stopped') return EXIT.partial;
  // The deployment answered with its own error, or cut the stream short: some answer, not all of it.
  return final.fatal ? EXIT.fatal : EXIT.partial;
}

async function chatRequest(args: ParsedArgs, io: CliIO): Promise<ChatRequest> {
  const messages: ChatMessage[] = [];
  const system = stringOption(args, 'system');
  if (system) messages.push({ role: 'system', content: system });
  messages.push(...(await conversation(args, io)));
  const model = stringOption(args, 'model');
  const temperature = numberOption(args, 'temperature', { min: 0 });
  return {
    messages,
    ...(model ? { model } : {}),
    max_tokens: numberOption(args, 'max-tokens', { integer: true, min: 1 }) ?? BATCH_DEFAULTS.maxTokens,
    ...(temperature !== undefined ? { temperature } : {}),
  };
}

async function conversation(args: ParsedArgs, io: CliIO): Promise<ChatMessage[]> {
  const message = stringOption(args, 'message');
  const [file] = args.positionals;
  if (message !== undefined) {
    if (file) throw new UsageError('Give either FILE or --message, not both.');
    return [{ role: 'user', content: message }];
  }
  if (!file && io.stdin.isTTY) throw new UsageError('Give a FILE, --message TEXT, or pipe the message in and use - for stdin.');
  if (!file || file === '-') return parseChatDocument(await readAll(io.stdin), '<stdin>');
  try {
    return parseChatDocument(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`There is no file ${file}.`);
    throw error;
  }
}

function statsLine(final: Answer): string {
  const parts = [
    final.timeToFirstTokenMs !== undefined ? `first token ${formatDuration(final.timeToFirstTokenMs)}` : '',
    final.totalMs !== undefined ? `total ${formatDuration(final.totalMs)}` : '',
    final.usage ? `${final.usage.promptTokens} prompt + ${final.usage.completionTokens} completion tokens` : '',
    final.tokensPerSecond !== undefined ? `${final.tokensPerSecond.toFixed(1)} tokens/s` : '',
    final.finishReason ? `finish: ${final.finishReason}` : '',
  ];
  return parts.filter(Boolean).join(' · ') + '\n';
}

/** A reasoning model's thinking on stderr, as it streams: "thinking: …", its line ended when the answer starts. */
class ReasoningLines {
  private open = false;

  constructor(private readonly stderr: CliIO['stderr']) {}

  write(text: string): void {
    if (!this.open) this.stderr.write('thinking: ');
    this.open = true;
    this.stderr.write(text);
  }

  end(): void {
    if (this.open) this.stderr.write('\n');
    this.open = false;
  }
}
