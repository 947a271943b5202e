// Problems in a JSON text, placed at the line and column of the part they are about.

import { LineIndex } from './line-index';
import { locatePath } from './json-nodes';
import type { JsonNode } from './json-scanner';
import { PromptInputError, PromptInputWarning, type PromptInputLocation } from './prompt-input-error';
import type { PromptOrigin } from './prompt-types';
import type { ValueProblem } from './validate-entry';

export class JsonTextLocator {
  private readonly lines: LineIndex;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.lines = new LineIndex(text);
  }

  errorAt(offset: number, detail: string): PromptInputError {
    return new PromptInputError(this.locationOf(offset), detail);
  }

  warningAt(offset: number, detail: string): PromptInputWarning {
    return new PromptInputWarning(this.locationOf(offset), detail);
  }

  /** A problem found in the value spanning `node`, placed at the part its path (relative to the value) points to. */
  errorIn(node: JsonNode, problem: ValueProblem, detail = problem.problem): PromptInputError {
    return this.errorAt(locatePath(this.text, node, problem.path).start, detail);
  }

  originOf(node: JsonNode): PromptOrigin {
    return { line: this.lines.lineOf(node.start), endLine: this.lines.lineOf(node.end - 1) };
  }

  private locationOf(offset: number): PromptInputLocation {
    const { line, column } = this.lines.positionOf(offset);
    return { file: this.file, line, column };
  }
}
