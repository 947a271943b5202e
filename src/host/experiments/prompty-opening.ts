// A .prompty rendered with its sample as the start of a chat: its messages as a chat file's would be, its
// `model.parameters` max_tokens and temperature as the chat's parameters, its tools, tool_choice and
// response_format sent with every turn, and the model its configuration names as a hint.

import { basename } from 'node:path';
import { extrasOfParameters, openingOf, type Opening } from '../chat/opening';
import type { ChatParams } from '../../core/chat/conversation';
import type { PromptyFile, RenderedMessage } from '../../core/templates';

/** `parameters`: the file's, with `${file:…}` values read (loadParameters). */
export function promptyOpening(prompty: PromptyFile, messages: RenderedMessage[], displayName: string, parameters = prompty.model.parameters): { opening: Opening } | { problem: string } {
  const title = prompty.name ?? basename(prompty.file);
  const result = openingOf(messages, title, displayName);
  if (!('opening' in result)) return result;
  const params = chatParams(parameters);
  const hint = prompty.model.modelHint;
  const extras = extrasOfParameters(parameters);
  return {
    opening: {
      ...result.opening,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      ...(hint !== undefined ? { modelHint: hint } : {}),
      ...(Object.keys(extras).length > 0 ? { extras } : {}),
    },
  };
}

/** parsePrompty has checked their types: max_tokens a positive integer, temperature a number of at least 0. */
function chatParams(parameters: Record<string, unknown>): Partial<ChatParams> {
  const params: Partial<ChatParams> = {};
  if (typeof parameters.max_tokens === 'number') params.max_tokens = parameters.max_tokens;
  if (typeof parameters.temperature === 'number') params.temperature = parameters.temperature;
  return params;
}
