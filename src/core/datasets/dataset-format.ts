// A dataset's format comes from its file name, as in promptfoo.

import { extname } from 'node:path';
import type { DatasetFormat } from './types';

const formats: Record<string, DatasetFormat> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

export const datasetExtensions = Object.keys(formats);

export function datasetFormatOf(path: string): DatasetFormat | undefined {
  return formats[extname(path).toLowerCase()];
}
