// The markdown renderer bundle (see ../shared/lazy-markdown.ts): loaded by a page after its own script,
// it hands the page markdown-it and DOMPurify, which the page's first paint does not wait for.

import { publishMarkdown } from '../shared/lazy-markdown';
import { settledLength } from '../shared/markdown';
import { renderMarkdownFragment } from '../shared/safe-markdown';

publishMarkdown({ renderMarkdownFragment, settledLength });
