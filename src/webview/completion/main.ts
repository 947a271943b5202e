// The completion webview: draws at once from the view saved before it was hidden, says `ready`, then shows
// what the host sends (shared/start-page.ts).

import { isCompletionHostMessage, isCompletionView, type CompletionHostMessage, type CompletionView, type CompletionWebviewMessage } from '../../protocol/completion';
import { startPage } from '../shared/start-page';
import { createCompletionPage } from './completion-page';

startPage<CompletionHostMessage, CompletionWebviewMessage, CompletionView>({
  accepts: isCompletionHostMessage,
  restore: (saved) => (isCompletionView(saved) ? saved : undefined),
  create: (host, restored, signal) => {
    const page = createCompletionPage(document.body, (action) => host.post({ type: 'action', action }), signal);
    if (restored) page.render(restored);
    return {
      apply(message) {
        host.save(message.view);
        page.render(message.view);
      },
    };
  },
  ready: { type: 'ready' },
});
