// The training archive is byte-for-byte reproducible and holds only dataset.jsonlines with no times,
// owners or modes of this machine in it; the data is checked line by line before anything is built.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { canonicalParams, datasetJsonLines, parseSetting, parseTrainingData, prepareTraining, TrainArgumentsError, trainingArchive, TrainingDataError } from '../../../../src/core/training';

const TEXT = '{"input": "What is the capital of Quux?", "output": "Quuxville"}\n{"input":"Say the password.","output":"swordfish"}\n';

function archiveOf(text: string): Buffer {
  return trainingArchive(datasetJsonLines(parseTrainingData(text, 'data.jsonl')));
}

describe('training archive', () => {
  it('is the same bytes for the same examples, however the file spaces its JSON', () => {
    const first = archiveOf(TEXT);
    const respaced = archiveOf('{ "input" : "What is the capital of Quux?",  "output": "Quuxville" }\r\n\n{"input": "Say the password.", "output": "swordfish"}');
    assert.deepEqual(respaced, first);
    assert.notDeepEqual(archiveOf('{"input": "other", "output": "x"}'), first);
  });

  it('is a gzip with mtime 0, no file name and a fixed OS byte, of a tar that tar and Python read as one plain member', () => {
    const archive = archiveOf(TEXT);
    assert.deepEqual([...archive.subarray(0, 4)], [0x1f, 0x8b, 8, 0], 'gzip, deflate, no FNAME flag');
    assert.equal(archive.readUInt32LE(4), 0, 'mtime 0');
    assert.equal(archive[9], 0xff, 'OS unknown');
    const listing = execFileSync('tar', ['-tvzf', '-', '--numeric-owner'], { input: archive }).toString();
    assert.match(listing, /^-rw-r--r-- 0\/0 +\d+ 1970-01-01 00:00 dataset\.jsonlines\n$/);
    const python = `import io,sys,tarfile\nt=tarfile.open(fileobj=io.BytesIO(sys.stdin.buffer.read()),mode='r:*')\nm=t.getmembers()\nprint([(x.name,x.mtime,x.uid,x.gid,x.uname,x.gname,oct(x.mode)) for x in m])\nprint(t.extractfile(m[0]).read().decode())`;
    const read = execFileSync('python3', ['-c', python], { input: archive }).toString();
    assert.equal(read, `[('dataset.jsonlines', 0, 0, 0, '', '', '0o644')]\n${datasetJsonLines(parseTrainingData(TEXT, 'x')).toString()}\n`);
    assert.equal(gunzipSync(archive).length % 10240, 0, 'padded to a tar record');
  });

  it('keeps its tar bytes across releases: the SHA-256 of a known dataset\'s tar is pinned', () => {
    // If this changes, every job a user submitted before gets a new name when submitted again.
    const hash = createHash('sha256').update(gunzipSync(archiveOf(TEXT))).digest('hex');
    assert.equal(hash, 'b5563ce0e6f318f1a85e46acf03687c24f11664737c065cfb6ef38a835f40e0c');
  });

  it('keeps its gzip bytes across releases and Node versions: the SHA-256 of a known dataset\'s archive is pinned', () => {
    // The deflate is pako's, pinned, not the zlib bundled with Node (which named another job under another
    // Node). If this changes, every job a user submitted before gets a new name when submitted again.
    const hash = createHash('sha256').update(archiveOf(TEXT)).digest('hex');
    assert.equal(hash, 'aaeedb2cbd4370be6325400ae96c6610ba15f7d1858a12b4a11e7d36156fedc1');
  });
});

describe('training data', () => {
  it('refuses an empty file at line 1', () => {
    assert.throws(() => parseTrainingData('\n \n', 'empty.jsonl'), (error: Error) => error instanceof TrainingDataError && /^empty\.jsonl:1: the file has no training examples/.test(error.message));
  });

  it('names the file and line of a line that is not {"input", "output"} strings', () => {
    const cases: [string, RegExp][] = [
      ['{"input": "a", "output": "b"}\nnot json\n', /^d\.jsonl:2: not valid JSON/],
      ['{"input": "a", "output": "b"}\n\n["a"]', /^d\.jsonl:3: a line must be a JSON object/],
      ['{"input": "a"}', /^d\.jsonl:1: the object has no "output"/],
      ['{"input": "a", "output": 7}', /^d\.jsonl:1: "output" must be a string, not a number/],
      ['{"input": "a", "output": "b", "text": "c"}', /^d\.jsonl:1: unknown key "text"/],
    ];
    for (const [text, expected] of cases) assert.throws(() => parseTrainingData(text, 'd.jsonl'), (error: Error) => expected.test(error.message));
  });

  it('refuses an archive over the upload limit, naming the file', () => {
    assert.throws(() => prepareTraining(TEXT, 'data.jsonl', {}, 100), (error: Error) => error instanceof TrainingDataError && /^data\.jsonl:\d+: the training archive is \d+ bytes \(gzipped\), over the upload limit of 100 bytes/.test(error.message));
  });
});

describe('training arguments', () => {
  it('writes the params in one fixed key order, whatever order they were given in', () => {
    const a = canonicalParams({ learning_rate: 0.001, max_steps: 20, llm_name: 'm' });
    const b = canonicalParams({ max_steps: 20, llm_name: 'm', learning_rate: 0.001 });
    assert.equal(JSON.stringify(a), JSON.stringify(b));
    assert.deepEqual(Object.keys(a), ['llm_name', 'max_steps', 'learning_rate']);
  });

  it('refuses near misses of known names and values of the wrong type', () => {
    assert.throws(() => canonicalParams({ max_step: 3 }), (error: Error) => error instanceof TrainArgumentsError && /Unknown training argument "max_step": did you mean max_steps\?/.test(error.message));
    assert.throws(() => canonicalParams({ Learning_Rate: 0.1 }), /"Learning_Rate": did you mean learning_rate\?/);
    assert.throws(() => canonicalParams({ max_steps: 2.5 }), /max_steps must be a whole number/);
    assert.throws(() => canonicalParams({ adapter_type: 'qlora' }), /adapter_type must be one of tokenformer, lora/);
  });

  it('sends names it does not know after the known ones, by name, with a warning each', () => {
    const prepared = prepareTraining(TEXT, 'data.jsonl', { zeta: 'z', fake_fail_at_step: 2, max_steps: 5 });
    assert.equal(JSON.stringify(prepared.params), '{"max_steps":5,"fake_fail_at_step":2,"zeta":"z"}');
    assert.deepEqual(prepared.warnings.map((warning) => /^Training argument "(\w+)" is not one this client knows: sent as given \((.*)\)\./.exec(warning)?.slice(1)), [
      ['fake_fail_at_step', '2'],
      ['zeta', '"z"'],
    ]);
    assert.deepEqual(prepareTraining(TEXT, 'data.jsonl', { max_steps: 5 }).warnings, []);
    assert.deepEqual(parseSetting('fake_step_s=0.5'), ['fake_step_s', 0.5]);
    assert.deepEqual(parseSetting('tag=v2'), ['tag', 'v2']);
  });

  it('reads --set values as their argument\'s type', () => {
    assert.deepEqual(parseSetting('max_steps=20'), ['max_steps', 20]);
    assert.deepEqual(parseSetting('gradient_checkpointing=true'), ['gradient_checkpointing', true]);
    assert.deepEqual(parseSetting('lora_config={"r": 4}'), ['lora_config', { r: 4 }]);
    assert.deepEqual(parseSetting('dtype=bfloat16'), ['dtype', 'bfloat16']);
    assert.throws(() => parseSetting('novalue'), /--set expects KEY=VALUE/);
  });
});
