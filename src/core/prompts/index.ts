// Prompt input: selection and file text -> prompt entries (string | {prompt} | {messages}) with their
// origins, and chat documents -> messages. Every problem names the file, line and (when known) column.

export { parseChatDocument } from './chat-document';
export { detectFileFormat, detectFormat } from './detect-format';
export { parsePromptText, type ParseOptions, type ParsedPromptText } from './parse-prompt-text';
export { parseSelectionText } from './parse-selection';
export { readPromptFile, validatePromptFile, type PromptFileCheck, type PromptFileOptions } from './prompt-file';
export { PromptInputError, PromptInputWarning, type PromptInputLocation } from './prompt-input-error';
export type { BatchDefaults, JsonPath, ParsedPrompts, PromptFormat, PromptItem, PromptOrigin } from './prompt-types';
export {
  formatJsonPath,
  validateChatMessage,
  validatePromptEntry,
  type EntryCheck,
  type MessageCheck,
  type ValueProblem,
} from './validate-entry';
