// Datasets: tests files (CSV, TSV, JSONL, JSON, YAML) -> rows of variables, with promptfoo's meaning for the
// special CSV columns and test-case objects. Every problem names the file and line.

export { DatasetError, type DatasetLocation } from './dataset-error';
export { datasetExtensions, datasetFormatOf } from './dataset-format';
export { oneByOne } from './one-by-one';
export { isPipe, readablePath } from './pipe-spool';
export { countDatasetRows, datasetRow, readDataset, readDatasetBatches } from './read-dataset';
export { assertListShape, ignoredKeyDetail, testCaseShape, type Describe, type IgnoredKey, type ShapeProblem, type TestCaseParts, type ValuePath } from './test-case-shape';
export type { DatasetFormat, DatasetNote, DatasetRow, ReadDatasetOptions } from './types';
