// The simulated model: greedy and deterministic. The same prompt, token budget and seed always give the
// same tokens, so tests can assert exact text (`simulatedCompletion`). `[[sim:reasoning]]` in the prompt
// adds reasoning tokens before the answer, `[[sim:tool-call]]` makes the answer a single tool call (until the
// conversation ends in the tool's result: that is answered in words, as models do). A grading prompt is answered
// with a JSON verdict (grader.ts).

import { createHash } from 'node:crypto';
import { hasMarker, scriptedResponse } from '../faults/markers';
import { simulatedVerdict } from './grader';

export interface ToolCallGeneration {
  id: string;
  name: string;
  /** The arguments JSON, split the way a model streams it. */
  argumentPieces: string[];
}

export interface Generation {
  /** Content tokens, each one token: the first without a leading space, the rest with one. */
  contentPieces: string[];
  reasoningPieces: string[];
  toolCall: ToolCallGeneration | undefined;
  finishReason: 'stop' | 'length' | 'tool_calls';
  promptTokens: number;
  completionTokens: number;
}

const VOCABULARY = [
  'the', 'queue', 'model', 'answer', 'token', 'batch', 'prompt', 'result', 'server', 'latency',
  'vector', 'signal', 'river', 'stone', 'light', 'garden', 'number', 'window', 'simple', 'quiet',
  'bright', 'careful', 'steady', 'small', 'large', 'every', 'other', 'first', 'second', 'final',
  'is', 'was', 'will', 'can', 'should', 'may', 'and', 'or', 'but', 'so',
  'of', 'to', 'in', 'on', 'with', 'from', 'about', 'under', 'over', 'through',
  'seven', 'twelve', 'forty', 'blue', 'green', 'amber', 'north', 'south', 'morning', 'evening',
  'reason', 'method', 'record', 'figure',
];

/** A prompt's token count, roughly as a BPE tokenizer would give it (about four characters a token). */
export function countPromptTokens(prompt: string): number {
  return Math.max(1, Math.ceil(prompt.length / 4));
}

export interface GenerateOptions {
  /** OpenAI `tools` of the request: a tool call uses the first function's name and parameter names. */
  tools?: unknown;
  /** A seeded adaptor answers differently from the base model (and from other adaptors). */
  adaptor?: string;
  /** The exact answer: what a trained adaptor learnt for this prompt. */
  answer?: string;
  /** Sampling above temperature 0 (sampling.ts): another answer for another draw or seed. */
  sampling?: string | undefined;
  /** The conversation ends in a tool's result: answered in words, not with another call. */
  afterToolResult?: boolean;
}

export function generate(prompt: string, maxTokens: number, seed = 0, options: GenerateOptions = {}): Generation {
  const base = options.adaptor ? `${seed}\u0000${options.adaptor}\u0000${prompt}` : `${seed}\u0000${prompt}`;
  const random = seededRandom(options.sampling === undefined ? base : `${base}\u0000${options.sampling}`);
  const promptTokens = countPromptTokens(prompt);
  let budget = Math.max(0, Math.floor(maxTokens));

  const reasoningPieces: string[] = [];
  if (hasMarker(prompt, 'reasoning')) {
    const wanted = 6 + random.below(10);
    reasoningPieces.push(...sentencePieces(random, Math.min(wanted, budget), wanted));
    budget -= reasoningPieces.length;
  }

  if (hasMarker(prompt, 'tool-call') && !options.afterToolResult) {
    const toolCall = simulatedToolCall(random, options.tools);
    return {
      contentPieces: [],
      reasoningPieces,
      toolCall,
      finishReason: 'tool_calls',
      promptTokens,
      completionTokens: reasoningPieces.length + toolCall.argumentPieces.length + 1,
    };
  }

  const scripted = options.answer ?? simulatedVerdict(prompt) ?? scriptedResponse(prompt);
  if (scripted !== undefined) {
    // Streamed in small pieces like real tokens, whatever the budget: tests need the exact text.
    const pieces = scripted.match(/[\s\S]{1,4}/g) ?? [];
    return { contentPieces: pieces, reasoningPieces, toolCall: undefined, finishReason: 'stop', promptTokens, completionTokens: reasoningPieces.length + pieces.length };
  }

  const natural = 8 + random.below(40);
  const contentPieces = sentencePieces(random, Math.min(natural, budget), natural);
  return {
    contentPieces,
    reasoningPieces,
    toolCall: undefined,
    finishReason: contentPieces.length === natural ? 'stop' : 'length',
    promptTokens,
    completionTokens: reasoningPieces.length + contentPieces.length,
  };
}

/** The deterministic model's answer to a raw prompt, as /v1/generate returns it. */
/** The base model's text, or with `adaptor` that adaptor's. */
export function simulatedCompletion(prompt: string, maxTokens: number, seed = 0, adaptor?: string): { text: string; tokens: number } {
  const generation = generate(prompt, maxTokens, seed, adaptor ? { adaptor } : {});
  return { text: generation.contentPieces.join(''), tokens: generation.completionTokens };
}

/** `count` words of a text whose natural length is `natural`: sentences of 5-10 words, a full stop at the natural end. */
function sentencePieces(random: SeededRandom, count: number, natural: number): string[] {
  const pieces: string[] = [];
  let sentenceLeft = 0;
  for (let i = 0; i < count; i++) {
    let word = VOCABULARY[random.below(VOCABULARY.length)];
    if (sentenceLeft === 0) {
      word = word[0].toUpperCase() + word.slice(1);
      sentenceLeft = 5 + random.below(6);
    }
    sentenceLeft--;
    if (sentenceLeft === 0 || i === natural - 1) {
      word += '.';
      sentenceLeft = 0;
    }
    pieces.push(i === 0 ? word : ` ${word}`);
  }
  return pieces;
}

function simulatedToolCall(random: SeededRandom, tools: unknown): ToolCallGeneration {
  const fn = firstFunction(tools);
  const properties = fn?.parameters?.properties;
  const args: Record<string, unknown> = {};
  const names = properties && typeof properties === 'object' ? Object.keys(properties) : ['location'];
  for (const name of names) {
    const type = (properties?.[name] as { type?: unknown } | undefined)?.type;
    if (type === 'integer' || type === 'number') args[name] = random.below(100);
    else if (type === 'boolean') args[name] = random.below(2) === 1;
    else args[name] = VOCABULARY[random.below(VOCABULARY.length)];
  }
  const text = JSON.stringify(args);
  const argumentPieces: string[] = [];
  for (let at = 0; at < text.length; at += 6) argumentPieces.push(text.slice(at, at + 6));
  return { id: `chatcmpl-tool-${random.hex(32)}`, name: typeof fn?.name === 'string' ? fn.name : 'get_weather', argumentPieces };
}

interface FunctionTool {
  name?: unknown;
  parameters?: { properties?: Record<string, unknown> };
}

function firstFunction(tools: unknown): FunctionTool | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const fn = (tools[0] as { function?: unknown } | null)?.function;
  return fn && typeof fn === 'object' ? (fn as FunctionTool) : undefined;
}

interface SeededRandom {
  /** An integer in [0, n). */
  below(n: number): number;
  hex(length: number): string;
}

/** mulberry32 seeded from a SHA-256 of the text: small, fast and the same on every platform. */
function seededRandom(text: string): SeededRandom {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n) => Math.floor(next() * n),
    hex: (length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}
