// A template that is not a .prompty: a .txt or .md file, or a string in an experiment file.

import type { PlainTemplate, TemplateEngine } from './types';

/**
 * `{{ var }}` placeholders with Jinja2 semantics unless `engine` says mustache. It renders to one text: role
 * markers are not read in it, since `User:` / `Assistant:` lines in a plain prompt are usually a few-shot
 * transcript meant as text (promptfoo sends such a prompt as it is, too). A string in a YAML file gives the
 * file line it starts on as `firstLine`, so problems point there.
 */
export function plainTemplate(text: string, fileName: string, engine: TemplateEngine = 'jinja2', firstLine = 1): PlainTemplate {
  return {
    kind: 'plain',
    file: fileName,
    engine,
    body: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'),
    bodyStartLine: firstLine,
  };
}
