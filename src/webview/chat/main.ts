// The chat webview: builds the page, says `ready`, then applies what the host sends.
//
// The page's DOM, which host tests read (keep it stable):
//   main[data-view="scalarlm-chat"][data-chat-id][data-busy="true|false"]
//   header.chat-header > .chat-title, .models > .model-chip (the default model named), .tools,
//     details.earlier (a chat file's messages before the first turn)
//   #conversation (aria-live polite; only state changes are announced, through .announcer)
//     .turn[data-turn][data-kind="tool"?]  > .user-message > .user (the user's text, plain)
//       .answer[data-turn][data-answer][data-model][data-state][data-length]
//         data-state: waiting | streaming | done | stopped | error | incomplete
//         data-length: characters of the answer's text shown (String length), updated each drawn frame
//         .model (the model that answered), .badge (the state), button[data-answer-action="copy|insert|open"]
//         .code-actions > button[data-code="curl|python|typescript"] (the request as code; not on imported turns)
//         .waiting[data-kind="queue|stream|retry"] (queue wait with heartbeats, or the 429 countdown)
//         details.reasoning (collapsed; hidden when empty)
//         .content (the rendered markdown; code blocks as .code-block > button.copy-code + pre)
//         .tool-calls > .tool-call[data-call] > .tool-name, .tool-id, pre.tool-arguments,
//           then .tool-result > pre.tool-result-text, or (while results are awaited)
//           .tool-answer > textarea.tool-result-input + button.send-tool-result
//         .error (the server's text for error; the early-end note for incomplete)
//         .footer > .finish-reason, .usage, .ttft, .rate, .total (each hidden when unknown)
//   #controls > select[data-control="model"][data-column], input[data-control="temperature|maxTokens"][data-column],
//     input[type=checkbox][data-control="stream"] (one), details.system > textarea[data-control="system"][data-column]
//     (each sends its value on change; a comparison has one .column-controls[data-column] per column)
//   #composer > textarea, button[data-action="send|stop|retry|clear"]

import { isChatToWebview, type ChatFromWebview, type ChatPanelState, type ChatToWebview } from '../../protocol/chat';
import { startPage } from '../shared/start-page';
import { createChatPage } from './chat-page';
import { restoreChatPanelState } from './panel-state';

startPage<ChatToWebview, ChatFromWebview, ChatPanelState>({
  accepts: isChatToWebview,
  restore: restoreChatPanelState,
  create: (host, restored, signal) => createChatPage(document.body, host, restored, signal),
  ready: { type: 'ready' },
});
