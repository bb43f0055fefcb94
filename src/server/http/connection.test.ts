// A request refused before its body is read (401, 403, 413) leaves its kept-alive connection usable: over real
// HTTP, through a keep-alive Agent with one socket and over a raw socket, the next request is answered.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../testing/auth';
import { createTestApp, startServer, type TestApp } from '../testing/app';

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let port: number;
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  customerToken = (await createCustomer(t)).token;
  server = await startServer(t.app, t);
  port = Number(new URL(server.url).port);
});
afterAll(() => server?.close());

/** The refusals, each with a body the server does not read: small, large (still drained) and over the limit. */
const cases = (
  token: string,
): Array<{ name: string; status: number; path: string; headers: Record<string, string>; size: number }> => [
  { name: '401 small', status: 401, path: '/api/Users/register', headers: {}, size: 200 },
  { name: '401 900 KB', status: 401, path: '/api/Users/register', headers: {}, size: 900_000 },
  {
    name: '403 small',
    status: 403,
    path: '/api/Users/register',
    headers: { authorization: `Bearer ${token}` },
    size: 200,
  },
  { name: '403 900 KB', status: 403, path: '/api/Size', headers: { authorization: `Bearer ${token}` }, size: 900_000 },
  { name: '413 2 MB', status: 413, path: '/api/Contact', headers: {}, size: 2_000_000 },
  {
    name: '413 20 MB multipart',
    status: 413,
    path: '/api/Product',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
    size: 70_000_000,
  },
];

function send(agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout: no answer')));
    req.end(body);
  });
}

describe('keep-alive after a refused body', () => {
  it('a keep-alive Agent (one socket) gets the next answers after each refusal', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const c of cases(customerToken).filter((x) => x.size < 10_000_000)) {
        const refused = await send(agent, 'POST', c.path, c.headers, Buffer.alloc(c.size, 'a'));
        expect(refused.status, c.name).toBe(c.status);
        expect(JSON.parse(refused.body), c.name).toMatchObject({ code: expect.any(String) });
        for (let i = 0; i < 2; i++) {
          const next = await send(agent, 'GET', '/api/Size', {});
          expect(next.status, `${c.name}: next request ${i}`).toBe(200);
        }
      }
    } finally {
      agent.destroy();
    }
  });

  it('on a raw socket the next request is answered on the same connection, or the refusal said Connection: close', async () => {
    for (const c of cases(customerToken)) {
      const sock = net.connect(port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      let buf = '';
      let closed = false;
      sock.on('data', (d) => (buf += d.toString('latin1')));
      sock.on('close', () => (closed = true));
      sock.on('error', () => {});
      const head = Object.entries({ 'content-type': 'application/json', ...c.headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      sock.write(`POST ${c.path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${c.size}\r\n${head}\r\n`);
      // Send the body in pieces, as a real client would, and stop if the server has answered and closed.
      const chunk = Buffer.alloc(256 * 1024, 'a');
      for (let sent = 0; sent < c.size && !closed; sent += chunk.length) {
        if (!sock.write(sent + chunk.length > c.size ? chunk.subarray(0, c.size - sent) : chunk))
          await new Promise((r) => {
            sock.once('drain', r);
            sock.once('close', r);
          });
      }
      const deadline = Date.now() + 5000;
      while (!buf.includes('\r\n\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(buf.split('\r\n')[0], c.name).toContain(String(c.status));
      const saysClose = /\r\nconnection: close\r\n/i.test(buf.slice(0, buf.indexOf('\r\n\r\n') + 2));
      if (!saysClose) {
        buf = '';
        sock.write('GET /api/Size HTTP/1.1\r\nHost: x\r\n\r\n');
        const until = Date.now() + 3000;
        while (!buf.includes('\r\n\r\n') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        expect(buf.split('\r\n')[0], `${c.name}: next request on the same socket`).toBe('HTTP/1.1 200 OK');
      } else {
        expect(c.status, `${c.name}: only refusals that may leave a large body unread close`).toBe(413);
      }
      sock.destroy();
    }
  });
});
