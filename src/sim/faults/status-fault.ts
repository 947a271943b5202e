// The `status` fault: what a client meets when the server or the proxy in front of it fails a request
// before anything was processed. 500 is Starlette's plain text; 502/503/504 come from nginx as HTML.

import { STATUS_CODES, type ServerResponse } from 'node:http';
import { sendDetail, sendInternalServerError, sendText } from '../http/reply';

const NGINX_REASONS: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

export function sendStatusFault(res: ServerResponse, arg: string | undefined): void {
  const requested = Number(arg ?? 500);
  const status = Number.isInteger(requested) && requested >= 400 && requested <= 599 ? requested : 500;
  if (status === 500) {
    sendInternalServerError(res);
    return;
  }
  const nginxReason = NGINX_REASONS[status];
  if (nginxReason) {
    const title = `${status} ${nginxReason}`;
    const page = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
    sendText(res, status, page, 'text/html', { server: 'nginx', ...(status === 503 ? { 'retry-after': 1 } : {}) });
    return;
  }
  if (status === 429) {
    sendDetail(res, 429, 'Server is over capacity; retry after the indicated interval.', { 'retry-after': 1 });
    return;
  }
  sendDetail(res, status, STATUS_CODES[status] ?? 'Error');
}
