// The simulated model as a grader: a prompt that asks for a verdict on an <Output> against a <Rubric> (this
// project's llm-rubric prompt and promptfoo's both quote them so) or a <Reference> (factuality) is answered with a
// JSON verdict, by a rule a test can predict: the output passes when it holds every word of four letters or more
// of the rubric (or reference), case aside; the score is the share of those words it holds. A `[[sim:respond=…]]`
// inside the rubric still decides the answer, as anywhere else.

import { scriptedResponse } from '../faults/markers';

/** The verdict JSON for a grading prompt; undefined for any other prompt, or one whose rubric scripts its answer. */
export function simulatedVerdict(prompt: string): string | undefined {
  const output = lastBlock(prompt, 'Output');
  const against = lastBlock(prompt, 'Rubric') ?? lastBlock(prompt, 'Reference');
  if (output === undefined || against === undefined || scriptedResponse(against) !== undefined) return undefined;
  const wanted = [...new Set(against.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
  const said = new Set(output.toLowerCase().match(/[a-z]+/g) ?? []);
  const found = wanted.filter((word) => said.has(word));
  const score = wanted.length === 0 ? 1 : found.length / wanted.length;
  const missing = wanted.filter((word) => !said.has(word));
  const reason = missing.length === 0 ? 'The output has every word the rubric asks for.' : `The output lacks ${missing.map((word) => `"${word}"`).join(', ')}.`;
  return JSON.stringify({ pass: missing.length === 0, score: Math.round(score * 100) / 100, reason });
}

/** The text of the last <Tag>…</Tag> in the prompt, trimmed. */
function lastBlock(prompt: string, tag: string): string | undefined {
  const matches = [...prompt.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))];
  return matches.at(-1)?.[1]?.trim();
}
