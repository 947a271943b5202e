// The training job webview: draws at once from what it saved before a reload (the view and the log lines),
// says `ready` with the first line it lacks, then applies what the host sends (shared/start-page.ts).

import { isJobPanelState, isTrainingHostMessage, type JobPanelState, type TrainingHostMessage, type TrainingWebviewMessage } from '../../protocol/training';
import { startPage } from '../shared/start-page';
import { createJobPage } from './job-page';

const job = document.body.dataset.job ?? '';
const restored = (saved: unknown): JobPanelState | undefined => (isJobPanelState(saved) && saved.hash === job ? saved : undefined);
let nextLine = 0;

startPage<TrainingHostMessage, TrainingWebviewMessage, JobPanelState>({
  accepts: isTrainingHostMessage,
  restore: restored,
  create: (host, saved, signal) => {
    const state: JobPanelState = { hash: job, lines: [] };
    const page = createJobPage(
      document.body,
      {
        cancel: () => host.post({ type: 'cancel' }),
        restart: () => host.post({ type: 'restart' }),
        delete: () => host.post({ type: 'delete' }),
        addToExperiment: () => host.post({ type: 'addToExperiment' }),
        compareWithBase: () => host.post({ type: 'compareWithBase' }),
        copyName: () => host.post({ type: 'copyName' }),
        dataset: (offset, query) => host.post({ type: 'dataset', offset, query }),
      },
      signal,
    );
    if (saved) {
      if (saved.view) page.show(saved.view);
      state.view = saved.view;
      state.lines = page.addLines(saved.lines);
    }
    nextLine = page.nextLine();
    // Saved at once: the host restores the panel after a window reload from the job hash in it.
    host.save(state);
    return {
      apply(message) {
        switch (message.type) {
          case 'show':
            state.view = message.view;
            page.show(message.view);
            break;
          case 'logs':
            state.lines = page.addLines(message.lines);
            break;
          case 'dataset':
            page.showDataset(message.page);
            return;
        }
        host.save(state);
      },
    };
  },
  // Computed by create(), which startPage runs before it posts this.
  get ready(): TrainingWebviewMessage {
    return { type: 'ready', nextLine };
  },
});
