// scalarlm-lab chat [FILE|-]: one conversation through /v1/chat/completions. Tokens go to stdout as they
// arrive; time to first token, tokens/s and usage go to stderr, so stdout stays the model's text.

import { readFileSync } from 'node:fs';
import { text as readAll } from 'node:stream/consumers';
import { parseChatDocument } from '../../core/prompts';
import { ServerReportedError, StreamIncompleteError } from '../../core/api/errors';
import type { ChatMessage, ChatRequest, EventStream, Usage } from '../../core/api/types';
import { numberOption, stringOption, UsageError, type Command, type ParsedArgs } from '../command';
import { withClient } from '../connection';
import { formatDuration, json } from '../format';
import { EXIT, type CliIO } from '../io';
import { DEFAULT_MAX_TOKENS } from './generate';

export const chatCommand: Command = {
  name: 'chat',
  summary:
    'Send one conversation to /v1/chat/completions and stream the answer to stdout; timings and usage go to stderr.\n' +
    'FILE: a .json/.jsonl holding messages, or text sent as one user message. Or give the text with --message.',
  usage: '[FILE|-] [options]',
  options: {
    message: { type: 'string', short: 'm', valueName: 'TEXT', description: 'The user message (instead of FILE)' },
    model: { type: 'string', valueName: 'NAME', description: "Model or adaptor (default: the deployment's)" },
    'max-tokens': { type: 'string', valueName: 'N', description: `Tokens in the answer (default ${DEFAULT_MAX_TOKENS})` },
    temperature: { type: 'string', valueName: 'T', description: 'Sampling temperature (chat honours it)' },
    system: { type: 'string', valueName: 'TEXT', description: 'A system message put first' },
    'no-stream': { type: 'boolean', description: "Use the server's queue (non-streaming; heartbeats while waiting)" },
  },
  async run(args, io) {
    const request = await chatRequest(args, io);
    const started = performance.now();
    return withClient(args, io, async (client, call) => {
      if (args.values['no-stream']) {
        const { data } = await client.chat(request, {
          ...call,
          onHeartbeat: (_n, elapsedMs) => io.stderr.isTTY && io.stderr.write(`\rwaiting in the queue: ${formatDuration(elapsedMs)}\x1b[K`),
        });
        if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
        const choice = data.choices[0];
        if (args.values.json) io.stdout.write(json(data));
        else io.stdout.write(`${choice?.message.content ?? ''}\n`);
        io.stderr.write(statsLine({ ttftMs: undefined, totalMs: performance.now() - started, usage: data.usage, finish: choice?.finish_reason ?? undefined }));
        return EXIT.ok;
      }
      return streamChat(client.streamChat(request, call), io, started);
    });
  },
};

async function streamChat(opening: Promise<EventStream>, io: CliIO, started: number): Promise<number> {
  let ttftMs: number | undefined;
  let usage: Usage | undefined;
  let finish: string | undefined;
  let chars = 0;
  const stream = await opening;
  try {
    for await (const event of stream) {
      if (event.type === 'content' || event.type === 'reasoning') {
        ttftMs ??= performance.now() - started;
        if (event.type === 'content') {
          chars += event.text.length;
          io.stdout.write(event.text);
        }
      } else if (event.type === 'usage') {
        usage = event.usage;
      } else if (event.type === 'finish') {
        finish = event.reason;
      }
    }
  } catch (error) {
    if (chars > 0) io.stdout.write('\n');
    if (error instanceof StreamIncompleteError || error instanceof ServerReportedError) {
      io.stderr.write(`${error.message}\n`);
      return EXIT.partial;
    }
    throw error;
  }
  io.stdout.write('\n');
  io.stderr.write(statsLine({ ttftMs, totalMs: performance.now() - started, usage, finish }));
  return EXIT.ok;
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
    max_tokens: numberOption(args, 'max-tokens', { integer: true, min: 1 }) ?? DEFAULT_MAX_TOKENS,
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

function statsLine(s: { ttftMs: number | undefined; totalMs: number; usage: Usage | undefined; finish: string | undefined }): string {
  // Tokens per second of decoding: from the first token on when it is known, else over the whole call.
  const decodeSeconds = (s.totalMs - (s.ttftMs ?? 0)) / 1000;
  const parts = [
    s.ttftMs !== undefined ? `first token ${formatDuration(s.ttftMs)}` : '',
    `total ${formatDuration(s.totalMs)}`,
    s.usage ? `${s.usage.prompt_tokens} prompt + ${s.usage.completion_tokens} completion tokens` : '',
    s.usage && decodeSeconds > 0 ? `${(s.usage.completion_tokens / decodeSeconds).toFixed(1)} tokens/s` : '',
    s.finish ? `finish: ${s.finish}` : '',
  ];
  return parts.filter(Boolean).join(' · ') + '\n';
}
