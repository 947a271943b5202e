// Training an adaptor on the deployment (training.md): training data made from runs, data checked and archived
// reproducibly, canonical params, the upload, following the job, cancel.

export { DATASET_MEMBER, trainingArchive } from './archive';
export { requestCancel, type CancelOutcome } from './cancel';
export { DEFAULT_SERVED_WITHIN_MS, followJob, type FollowOptions, type FollowOutcome } from './follow';
export type { DatasetPage, DatasetRow, HistoryPoint, JobStatus, TrainingJobDetail } from './job-shapes';
export { otherBaseModel, type OtherBase } from './base-model';
export { newestFirst } from './job-order';
export { AVERAGE_LOSS_MEANING, jobProgress, listedProgress, progressDetail, progressLine, stepWords, type JobProgress } from './progress';
export { canonicalParams, parseSetting, TRAIN_ARGUMENTS, TrainArgumentsError, type TrainArgument } from './train-arguments';
export { datasetJsonLines, parseTrainingData, TrainingDataError, type TrainingExample } from './training-data';
export { fallbackChatRendering, inputOf, resultsRunExamples, serverRenderings, TrainingExportError, writeTrainingData, type InputRendering } from './training-export';
export { TrainingClient, type LogLine, type LogsRead } from './training-client';
export { DEFAULT_RETRY, type RetryPolicy } from './training-http';
export { DEFAULT_UPLOAD_LIMITS, type SubmittedJob, type SubmitWait, type UploadLimits, type UploadProgress } from './training-upload';
export { type AdaptorAnswer } from './adaptor-probe';
export {
  cancelledWords,
  cancelWords,
  deletedWords,
  deleteQuestion,
  endsFollowing,
  failedWords,
  failureReason,
  notServedWords,
  restartable,
  restartedWords,
  submitWaitWords,
  type CancelKind,
  type JobActions,
} from './job-words';
export { TrainingJobNotFoundError } from './training-errors';
export { DEFAULT_MAX_ARCHIVE_BYTES, prepareTraining, type PreparedTraining } from './prepare';
export { DATA_ORIGIN_FORMAT, dataOrigin, recordDataOrigin, trainingDataHash, type DataOrigin, type DataOriginRecord } from './data-origin';
export { adaptorLineage, LINEAGE_FORMAT, lineageFacts, recordLineage, recordSubmission, type AdaptorLineage, type LineageFields } from './lineage';
export { LineageError } from './lineage-files';
export { inputHash, jobInputs, type InTraining, type JobInputs } from './job-inputs';
export { adaptorLabel } from './adaptor-name';
