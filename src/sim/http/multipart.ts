// Just enough multipart/form-data to read a field of POST /v1/generate/upload (protocol §8.3) and the `file`
// and `params` parts of POST /v1/megatron/train (training.md §2.1); the simulator needs no parser package.

export function multipartField(body: Buffer, contentType: string | undefined, field: string): Buffer | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headersStart = start + delimiter.length + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return undefined;
    const next = body.indexOf(delimiter, headersEnd);
    if (next === -1) return undefined;
    const headers = body.subarray(headersStart, headersEnd).toString('utf8');
    // `name=`, not the `filename=` of another part.
    if (new RegExp(`(?:^|[;\\s])name="${field}"`, 'i').test(headers)) return body.subarray(headersEnd + 4, next - 2);
    start = next;
  }
  return undefined;
}
