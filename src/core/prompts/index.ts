// Prompt input: selection and file text -> prompt entries (string | {prompt} | {messages}) with their
// origins, and chat documents -> messages. Every problem names the file, line and (when known) column.
//
// The modules: types; problems (errors, warnings and where they go); text (lines, positions, streaming
// reads); json-scanner and json-locating (JSON with the position of every value); validation (entries,
// messages, a GenerateRequest's batch keys); formats (lines, JSONL, JSON, `---` documents, and telling
// them apart); sources (files, text and selections -> prompts); chat-document (files -> messages).

export { parseChatDocument, parseChatFile, type ChatFile, type ChatFileExtras } from './chat-document';
export { detectFileFormat, detectFormat, isPromptFormat, PROMPT_FORMATS, type FormatGuess } from './formats';
export {
  checkPromptText,
  parsePromptText,
  parseSelectionText,
  promptChars,
  readPromptFile,
  validatePromptFile,
  type ParseOptions,
  type ParsedPromptText,
  type PromptFileCheck,
  type LongestPrompt,
  type PromptFileOptions,
  type PromptTextCheck,
} from './sources';
export { readTextFile } from './text';
export { asSentence, PromptInputError, PromptInputWarning, PromptProblems, type PromptInputLocation } from './problems';
export type { BatchDefaults, JsonPath, ParsedPrompts, PromptFormat, PromptItem, PromptOrigin } from './types';
export {
  formatJsonPath,
  validateChatMessage,
  validatePromptEntry,
  type EntryCheck,
  type MessageCheck,
  type ValueProblem,
} from './validation';
